import {
  Cabinet,
  CoachInsight,
  Dose,
  Prefs,
  Profile,
  Reading,
  Symptom,
  type CabinetFolder,
} from '../../../protocol/heartcoach';
import type { Address, DamagedRow, OutsideAgentContext, VaultRecord } from '../../../harness';

/**
 * The cabinet a HeartCoach consultation carries (DESIGN §6, §10): exactly the folders the person's grant names, read
 * from the person's own records, in the wire shapes of src/protocol/heartcoach.ts — and nothing else about the
 * person. A folder the grant does not name is never read. A record that does not fit its folder's shape is left out
 * (counted, never guessed at): the gateway would refuse the whole consultation for one bad row. A row the vault could
 * not read at all is left out too, counted and named in `damaged`.
 */
export type GrantedCabinet = { cabinet: Cabinet; folders: CabinetFolder[]; skipped: number; damaged: DamagedRow[] };

const FOLDERS: readonly CabinetFolder[] = ['profile', 'readings', 'doses', 'symptoms', 'prefs', 'guidance'];

/** How many items each list folder may carry (the wire schema's caps). */
const CAPS = { readings: 2000, doses: 2000, symptoms: 500, guidance: 200 } as const;

const newestFirst = (a: { at: string }, b: { at: string }) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0);

export async function grantedCabinet(
  ctx: OutsideAgentContext,
  person: Address,
  granted: readonly string[],
): Promise<GrantedCabinet> {
  const folders = FOLDERS.filter((f) => granted.includes(f));
  const cabinet: Cabinet = {};
  let skipped = 0;
  const damaged: DamagedRow[] = [];
  const rows = async (folder: CabinetFolder, limit: number): Promise<VaultRecord[]> => {
    const read = await ctx.vault.records.read({ type: `cabinet.${folder}`, owner: person, limit });
    skipped += read.damaged.length;
    damaged.push(...read.damaged);
    return read.rows;
  };
  /** Each row's data through its folder's schema; what does not fit is counted and left out. */
  const fit = <T>(
    list: VaultRecord[],
    parse: (data: unknown) => { success: true; data: T } | { success: false },
  ): T[] => {
    const out: T[] = [];
    for (const row of list) {
      const parsed = parse(row.data);
      if (parsed.success) out.push(parsed.data);
      else skipped += 1;
    }
    return out;
  };
  const latest = (list: VaultRecord[]) => [...list].sort((a, b) => b.updatedAt - a.updatedAt);

  for (const folder of folders) {
    switch (folder) {
      case 'profile': {
        const [profile] = fit(latest(await rows('profile', 50)), (d) => Profile.safeParse(d));
        if (profile !== undefined) cabinet.profile = profile;
        break;
      }
      case 'prefs': {
        const [prefs] = fit(latest(await rows('prefs', 50)), (d) => Prefs.safeParse(d));
        if (prefs !== undefined) cabinet.prefs = prefs;
        break;
      }
      case 'readings':
        cabinet.readings = fit(await rows('readings', CAPS.readings), (d) => Reading.safeParse(d)).sort(newestFirst);
        break;
      case 'doses':
        cabinet.doses = fit(await rows('doses', CAPS.doses), (d) => Dose.safeParse(d)).sort(newestFirst);
        break;
      case 'symptoms':
        cabinet.symptoms = fit(await rows('symptoms', CAPS.symptoms), (d) => Symptom.safeParse(d)).sort(newestFirst);
        break;
      case 'guidance':
        // The wire carries the earlier-insight view of each filed CoachInsight, not the whole record.
        cabinet.guidance = fit(await rows('guidance', CAPS.guidance), (d) => CoachInsight.safeParse(d))
          .sort(newestFirst)
          .map((i) => ({
            id: i.id,
            at: i.at,
            question: i.question,
            say: i.say,
            tier: i.tier,
            ...(i.theme !== undefined ? { theme: i.theme } : {}),
          }));
        break;
    }
  }
  return { cabinet: Cabinet.parse(cabinet), folders, skipped, damaged };
}
