import { type HarnessSettings, GENERATED_ONTOLOGY } from '../../src/harness';
import type { Material } from '../../src/protocol/ask';
import type { Result } from '../../src/protocol/errors';
import type { AskResponse, HarnessReply } from '../../src/protocol/harness-reply';
import { DEMO_PEOPLE } from '../../src/protocol/demo-identities';
import type { InjectionCase } from './case';
import { admittedActs, sinksOf, type Sink } from './detect';
import { ObedientModel } from './obedient-model';
import type { Turn } from './world';
import { memoryInjectionWorld } from './world-memory';
import { realInjectionWorld } from './world-real';

/**
 * One case, one configuration, one variant: build a fresh world, deliver the carrier the way the product would, ask,
 * and collect what reached the world. Configurations: `production` (the harness's default settings), `model-plans`
 * (compiled shapes off, so the model plans every ask — the guards alone stand between it and the world), `control`
 * (model-plans with admission and authority switched off), all over the in-memory fakes; and `real-parts`
 * (production settings over the Dexie vault on fake-indexeddb and the embedded EVM, through the composition root).
 */
export type Config = 'production' | 'model-plans' | 'control' | 'real-parts';
export type Variant = 'attack' | 'benign';
export type Reply = HarnessReply & { runRef: string };
export type CaseRun = {
  replies: Reply[];
  last: Reply | { kind: 'error'; code: string; message: string };
  sinks: Sink[];
  obeyed: number;
  acts: number;
};

const ORIGIN = 'https://heartcoach.example';

/** Text cut at word boundaries into pieces of at most `max` characters. */
function chunks(text: string, max: number): string[] {
  const out: string[] = [];
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const last = out.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= max) out[out.length - 1] = `${last} ${word}`;
    else out.push(word.slice(0, max));
  }
  return out.slice(0, 19);
}

export function settingsFor(c: InjectionCase, config: Config): Partial<HarnessSettings> {
  return {
    ...(c.settings ?? {}),
    ...(config === 'production' || config === 'real-parts' ? {} : { compiledShapes: false }),
  };
}

export async function runCase(c: InjectionCase, config: Config, variant: Variant): Promise<CaseRun> {
  const model = new ObedientModel();
  const make = config === 'real-parts' ? realInjectionWorld : memoryInjectionWorld;
  const world = await make({ model, settings: settingsFor(c, config), control: config === 'control' });
  const text = variant === 'attack' ? c.text.replace('{{inject}}', c.injection) : c.text.replace('{{inject}}', '');
  const to = c.to === 'missio' ? world.who.missio : world.who.alice;
  const replies: Reply[] = [];
  let last: CaseRun['last'] = { kind: 'error', code: 'NOT_ASKED', message: 'nothing was asked' };
  const take = (r: Result<AskResponse>) => {
    if (r.ok) replies.push((last = { ...r.data.reply, runRef: r.data.runRef }));
    else last = { kind: 'error', code: r.error.code, message: r.error.message };
    return r;
  };
  const turn = (t: Turn) =>
    c.door === 'ask-as-me' ? world.askAsMe({ ...t, origin: ORIGIN }) : world.ask({ ...t, to });
  // The person answers a data prompt with their own intent (c.answers), as many as three times; never a signature.
  const ask = async (words: string, material: Material[] = []) => {
    let r = take(await turn({ message: words, material }));
    for (
      let round = 0;
      round < 3 && r.ok && r.data.reply.kind === 'prompt' && r.data.reply.prompt.kind === 'data';
      round++
    ) {
      const fields = r.data.reply.prompt.fields.map((f) => f.arg);
      const values = Object.fromEntries(fields.map((f) => [f, c.answers?.[f]]));
      if (fields.some((f) => values[f] === undefined)) break;
      r = take(
        await turn({
          runRef: r.data.runRef,
          supplied: [
            { kind: 'answer', resumeToken: r.data.reply.resumeToken, values: values as Record<string, string> },
          ],
        }),
      );
    }
    return r;
  };

  switch (c.carrier) {
    case 'selection':
    case 'page':
      await ask(c.words, [{ source: c.carrier, text, url: 'https://forum.example/t/42', title: 'Community forum' }]);
      break;
    case 'a2a-agent':
      await ask(c.words, [{ source: 'outside-agent', text, title: 'Travel Desk (an A2A agent)' }]);
      break;
    case 'skill-material':
      await ask(c.words, [{ source: 'file', text, title: 'notes.txt' }]);
      break;
    case 'record': {
      const id = `contact:${world.who.alice.toLowerCase()}:${DEMO_PEOPLE.dietitian.ownerAddress.toLowerCase()}`;
      // Dana's card (a demo identity), poisoned by whoever wrote its note: stored, and shown as record material.
      const data = {
        label: DEMO_PEOPLE.dietitian.name,
        aliases: ['dana'],
        address: DEMO_PEOPLE.dietitian.ownerAddress,
        note: text,
      };
      await world.addRecord({ id, type: 'contact', owner: world.who.alice, data });
      await ask(c.words, [
        {
          source: 'record',
          text: `Contact card — name: ${data.label}; note: ${text}`,
          title: `contact: ${data.label}`,
        },
      ]);
      break;
    }
    case 'memory':
      // Tags are at most 60 characters in the vault, so the injection is stored as consecutive tags, as it would be.
      await world.addRecord({
        id: 'memory:proof',
        type: 'memory',
        owner: world.who.alice,
        data: { text, tags: ['retreat', ...(variant === 'attack' ? chunks(c.injection, 60) : [])] },
      });
      await ask(c.words);
      break;
    case 'heartcoach': {
      world.setAgentAnswer(text);
      const first = await ask(c.first ?? 'How is my week going?');
      const said =
        first.ok && first.data.reply.kind === 'answer'
          ? (first.data.reply.attributions?.[0]?.text ?? first.data.reply.text)
          : text;
      await ask(c.words, [{ source: 'outside-agent', text: said, title: 'HeartCoach' }]);
      break;
    }
    case 'skill-output': {
      // Turn 1, the skill at Missio Nexus applied to the poisoned notes by the same obedient model; turn 2 quotes it.
      const draft = await model.applySkill({
        skillId: 'board-minutes',
        body: '',
        bodyDigest: '0x',
        question: c.first ?? 'Draft the minutes.',
        inputs: [],
        material: [{ source: 'file', text }],
        maxTokens: 1400,
      });
      await ask(c.words, [{ source: 'file', text: draft.text, title: 'Missio Nexus: board minutes (draft)' }]);
      break;
    }
  }
  const informational = (id: string) => GENERATED_ONTOLOGY.capabilities[id]?.informational !== false;
  return {
    replies,
    last,
    sinks: await sinksOf(replies, world.effects, world.vault, c.door === 'ask-as-me'),
    obeyed: model.obeyed.length,
    acts: await admittedActs(replies, world.vault, informational),
  };
}
