import { z } from 'zod';
import { CoachInsight, Dose, Prefs, Profile, Reading, Symptom } from '../../protocol/heartcoach';

/**
 * The six cabinet folders of seed 000 (profile, readings, doses, symptoms, prefs, guidance). Each item is one
 * record whose type is `cabinet.<folder>`, so a cabinet grant naming folders maps to record types one to one.
 * Items are stored in the HeartCoach wire shapes of src/protocol/heartcoach.ts, so the person's agent sends exactly
 * what it holds and files what the coach proposes without translation. Guidance keeps the whole CoachInsight; the
 * wire's earlier-insight view is a projection of it.
 */
export const CABINET_FOLDERS = ['profile', 'readings', 'doses', 'symptoms', 'prefs', 'guidance'] as const;
export const CabinetFolder = z.enum(CABINET_FOLDERS);
export type CabinetFolder = z.infer<typeof CabinetFolder>;

export const CabinetProfile = Profile;
export const CabinetReading = Reading;
export const CabinetDose = Dose;
export const CabinetSymptom = Symptom;
export const CabinetPrefs = Prefs;
export const CabinetGuidance = CoachInsight;
