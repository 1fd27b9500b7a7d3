import type { CabinetFolderName, WireReadKind } from '../../protocol/delegation';

/** The cabinet's folders in words (seed 000 step 6), as the consent window and the options page show them. */
export const FOLDER_WORDS: Record<CabinetFolderName, { label: string; holds: string }> = {
  profile: { label: 'Cardiac profile', holds: 'diagnoses, today’s orders, allergies, care plan, goals, labs' },
  readings: { label: 'Readings', holds: 'blood pressure, weight, steps and pulse' },
  doses: { label: 'Doses', holds: 'the doses you ticked against your orders' },
  symptoms: { label: 'Symptoms', holds: 'what you reported, with its tier' },
  prefs: { label: 'Preferences', holds: 'check-in time and reminders' },
  guidance: { label: 'Earlier insights', holds: 'what HeartCoach told you before' },
};

/** The other kinds of the person's records an app asking as them may be let read (none by default). */
export const KIND_WORDS: Record<WireReadKind, { label: string; holds: string }> = {
  contacts: { label: 'Contacts', holds: 'the people you know, with their addresses' },
  memory: { label: 'Memory', holds: 'what you asked your agent to remember' },
  receipts: { label: 'Receipts', holds: 'what your agent did for you' },
  organizations: { label: 'Organizations', holds: 'the organizations you belong to and their members' },
  balance: { label: 'Balance', holds: 'your USDC balance' },
};
