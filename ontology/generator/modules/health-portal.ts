import { exportConst, header, moduleText, tsUnion } from '../emit';
import { iri } from '../vocab';
import { readCareRoles, readDeskCapabilities, readMilestones, readStewardImplies } from './care-team-read';
import { readCardSkills, readCoachTools, readTierCatalog, type CoachToolModel } from './coach-tools-read';
import { readCabinetFolders, readEscalationTiers, readQuestionThemes, readSymptomDoctrine } from './doctrine-read';
import type { ModuleContext, OntologyModule } from './module';

const TYPES = `/** A desk capability (hp:DeskCapability): what a care-team role may be FOR on a patient's desk (gate 1). */
export type DeskCapability = string;

/** A care-team role with what it is for (hp:roleEntitles), what it owes and never does, and its archetype. */
export type CareRole = {
  readonly id: CareRoleId;
  readonly label: string;
  readonly entitles: readonly DeskCapability[];
  readonly duties: readonly string[];
  readonly neverDoes: readonly string[];
  readonly archetype: string;
};

export type ConsequenceTier = 'ReadOrDraft' | 'ProtectedMutation' | 'HighConsequence';

/** A tool the coach may offer its model; \`needs\` is the desk capability a care-team role must hold for it. */
export type CoachTool = {
  readonly id: string;
  readonly modelName: string;
  readonly label: string;
  readonly description: string;
  readonly inputSchema: object;
  readonly needs?: DeskCapability;
  readonly face: 'patient' | 'care-team' | 'both';
  readonly tier: ConsequenceTier;
  readonly requiresEmr?: boolean;
  /** A condition on the desk under which the tool is offered (beyond the role's entitlement). */
  readonly offeredWhile?: string;
};

/** A milestone of the thirty days after discharge (hp:milestoneOwner, hp:milestoneDueHours from discharge). */
export type Milestone = { readonly id: string; readonly label: string; readonly description?: string; readonly owner: CareRoleId; readonly dueHours: number };

export type EscalationTier = (typeof ESCALATION_TIERS)[number];
export type QuestionTheme = (typeof QUESTION_THEMES)[number];
export type CabinetFolder = (typeof CABINET_FOLDERS)[number];

/** A reading threshold that raises a rule without words (e.g. weight up 2 kg within 48 hours). */
export type SymptomThreshold = {
  readonly metric: string; readonly unit: string; readonly above?: number; readonly below?: number;
  readonly riseAtLeast?: number; readonly withinHours?: number;
};
export type SymptomRule = { readonly id: string; readonly label: string; readonly terms: readonly string[]; readonly tier: EscalationTier; readonly threshold?: SymptomThreshold };

/** A skill on HeartCoach's agent card. */
export type CoachCardSkill = {
  readonly id: string; readonly label: string; readonly description: string;
  readonly consultationKind?: 'question' | 'check-in' | 'symptom'; readonly tier: ConsequenceTier;
  readonly archetype?: string; readonly outcomes: readonly string[];
};`;

/** Which coach tools each role is offered: tools for the care-team face whose hp:needs the role is entitled to. */
function careTeamTools(
  roles: ReturnType<typeof readCareRoles>,
  tools: readonly CoachToolModel[],
): Record<string, string[]> {
  return Object.fromEntries(
    roles.map((role) => [
      role.id,
      tools
        .filter((t) => t.face !== 'patient' && (t.needs === undefined || role.entitles.includes(t.needs)))
        .map((t) => t.id),
    ]),
  );
}

function emit(ctx: ModuleContext): string {
  const { reader } = ctx;
  const roles = readCareRoles(reader);
  const milestones = readMilestones(reader);
  const tiers = readEscalationTiers(reader);
  const themes = readQuestionThemes(reader);
  const enums = {
    [iri('hp', 'EscalationTier')]: tiers,
    [iri('hp', 'QuestionTheme')]: themes.map((t) => t.id),
    [iri('hp', 'Milestone')]: milestones.map((m) => m.id),
  };
  const tools = readCoachTools(reader, enums);
  const byId = <T extends { id: string }>(items: readonly T[]) =>
    Object.fromEntries(items.map((item) => [item.id, item]));
  return moduleText([
    header(
      "Seed 000's health portal: care-team roles, desk capabilities, coach tools, tiers, the thirty days, doctrine.",
    ),
    `export type CareRoleId = ${tsUnion(roles.map((r) => r.id))};`,
    TYPES,
    exportConst('Care-team roles by id.', 'CARE_ROLES', 'Readonly<Record<CareRoleId, CareRole>>', byId(roles)),
    exportConst(
      'The role a practice steward holds implicitly (seed 000 §3 step 3).',
      'STEWARD_IMPLIES',
      'CareRoleId',
      readStewardImplies(reader, roles),
    ),
    exportConst(
      'Every desk capability a role may be entitled to.',
      'DESK_CAPABILITIES',
      'readonly DeskCapability[]',
      readDeskCapabilities(reader).map((d) => d.id),
    ),
    exportConst(
      'What each desk capability lets a member do, in words (for briefs and refusals).',
      'DESK_CAPABILITY_LABELS',
      'Readonly<Record<DeskCapability, string>>',
      Object.fromEntries(readDeskCapabilities(reader).map((d) => [d.id, d.label])),
    ),
    exportConst('The coach tools by registered id.', 'COACH_TOOLS', 'Readonly<Record<string, CoachTool>>', byId(tools)),
    exportConst(
      'The order tools are offered in (coach_reply last).',
      'COACH_TOOL_ORDER',
      'readonly string[]',
      tools.map((t) => t.id),
    ),
    exportConst(
      "The patient's tools in offering order (heartcoach.emr.sync only while an EMR token is presented).",
      'PATIENT_TOOLS',
      'readonly string[]',
      tools.filter((t) => t.face !== 'care-team').map((t) => t.id),
    ),
    exportConst(
      "The care-team tool table: each role's tools, from hp:needs and hp:roleEntitles (before hp:offeredWhile).",
      'CARE_TEAM_TOOLS',
      'Readonly<Record<CareRoleId, readonly string[]>>',
      careTeamTools(roles, tools),
    ),
    exportConst(
      'Every capability the app has, with its consequence tier; an uncatalogued name is refused (403).',
      'TIER_CATALOG',
      'Readonly<Record<string, ConsequenceTier>>',
      readTierCatalog(reader, tools),
    ),
    exportConst(
      "The skills on HeartCoach's agent card.",
      'COACH_CARD_SKILLS',
      'Readonly<Record<string, CoachCardSkill>>',
      byId(readCardSkills(reader)),
    ),
    exportConst('The thirty days, in due order.', 'MILESTONES', 'readonly Milestone[]', milestones),
    exportConst(
      'Question themes (hc:QuestionThemeKind), in declared order.',
      'QUESTION_THEMES',
      undefined,
      themes.map((t) => t.id),
      true,
    ),
    exportConst(
      'What each question theme means, in words.',
      'QUESTION_THEME_LABELS',
      'Readonly<Record<QuestionTheme, string>>',
      Object.fromEntries(themes.map((t) => [t.id, t.label])),
    ),
    exportConst('Escalation tiers, least to most severe.', 'ESCALATION_TIERS', undefined, tiers, true),
    exportConst(
      'The symptom doctrine, most severe first: the first rule that matches decides the tier.',
      'SYMPTOM_DOCTRINE',
      'readonly SymptomRule[]',
      readSymptomDoctrine(reader, tiers),
    ),
    exportConst(
      "The cabinet's folders, in the order a brief presents them.",
      'CABINET_FOLDERS',
      undefined,
      readCabinetFolders(reader),
      true,
    ),
  ]);
}

/** src/ontology/health-portal.generated.ts */
export const healthPortalModule: OntologyModule = { file: 'health-portal.generated.ts', emit };
