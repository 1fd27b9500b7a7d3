import type { CabinetFolderName } from '../../protocol/delegation';

/** The cabinet's folders in words (seed 000 step 6), as the consent window and the options page show them. */
export const FOLDER_WORDS: Record<CabinetFolderName, { label: string; holds: string }> = {
  profile: { label: 'Cardiac profile', holds: 'diagnoses, today’s orders, allergies, care plan, goals, labs' },
  readings: { label: 'Readings', holds: 'blood pressure, weight, steps and pulse' },
  doses: { label: 'Doses', holds: 'the doses you ticked against your orders' },
  symptoms: { label: 'Symptoms', holds: 'what you reported, with its tier' },
  prefs: { label: 'Preferences', holds: 'check-in time and reminders' },
  guidance: { label: 'Earlier insights', holds: 'what HeartCoach told you before' },
};
