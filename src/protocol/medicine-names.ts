import { DRUG_CLASSES, type DrugClass } from '../ontology/lexicon.generated';

/**
 * What people call their medicines, from the ontology's drug classes (ontology/lexicon.ttl, ha:DrugClass): "my water
 * pill" names a diuretic, and the person's own active order for a diuretic (furosemide) is the dose they mean. Both
 * sides use it — HeartCoach matching a dose said in plain words to an order, and the person's agent checking that
 * the words named the dose it is asked to file. Nothing here guesses: an alias that fits two of the person's orders
 * names neither.
 */
const words = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

const says = (text: string, phrase: string) => phrase.trim() !== '' && words(text).includes(words(phrase));

/** Whether a drug as an order names it ("metoprolol succinate") is one the class holds ("metoprolol"). */
const holds = (c: DrugClass, drug: string) => c.drugs.some((d) => says(drug, d));

/** The drug and every plain name its classes give it: furosemide, "water pill", "fluid pill", "diuretic"… */
export function namesOfDrug(drug: string): string[] {
  const classes = Object.values(DRUG_CLASSES).filter((c) => holds(c, drug));
  return [drug, ...new Set(classes.flatMap((c) => c.aliases))];
}

/**
 * The one order among `orders` whose drug is of a class the words call by its plain name ("I took my water pill"),
 * or null when none is, or when more than one is (two diuretics: the words do not say which).
 */
export function orderCalled<O extends { drug: string }>(orders: readonly O[], said: string): O | null {
  const called = Object.values(DRUG_CLASSES).filter((c) => c.aliases.some((a) => says(said, a)));
  const fits = orders.filter((o) => called.some((c) => holds(c, o.drug)));
  return fits.length === 1 ? fits[0]! : null;
}
