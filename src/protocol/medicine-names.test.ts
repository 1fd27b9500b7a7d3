import { describe, expect, it } from 'vitest';
import { DEMO_ORDERS } from '../vault/demo/cabinet';
import { namesOfDrug, orderCalled } from './medicine-names';

/** What people call their medicines, from the ontology's drug classes (ontology/lexicon.ttl), over Alice's orders. */
const bare = DEMO_ORDERS.filter((o) => o.active).map((o) => ({ ...o, aliases: [] }));

describe('medicines by their plain names', () => {
  it('a water pill is the one active diuretic among her orders; a beta blocker is metoprolol succinate', () => {
    expect(orderCalled(bare, 'my water pill')?.drug).toBe('furosemide');
    expect(orderCalled(bare, 'I took my beta blocker')?.drug).toBe('metoprolol succinate');
    expect(orderCalled(bare, 'my vitamins')).toBeNull();
  });

  it('an alias that fits two of her orders names neither', () => {
    const two = [...bare, { ...bare[0]!, orderId: 'ord-spiro', drug: 'spironolactone' }];
    expect(orderCalled(two, 'my water pill')).toBeNull();
  });

  it('a drug’s names are the drug and its classes’ aliases, never another class’s', () => {
    expect(namesOfDrug('furosemide')).toEqual(expect.arrayContaining(['furosemide', 'water pill', 'diuretic']));
    expect(namesOfDrug('furosemide')).not.toContain('blood thinner');
    expect(namesOfDrug('vitamin d')).toEqual(['vitamin d']);
  });
});
