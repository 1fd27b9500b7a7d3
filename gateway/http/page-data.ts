import type { Hono } from 'hono';
import { z } from 'zod';
import type { CoachDeps } from '../coach/deps';
import { liveWireOf } from '../desk/sessions';
import type { Address } from '../desk/types';
import { deskMe, patientPage } from '../desk/views';
import { refuse } from '../errors';
import { requireSubject, type SubjectEnv } from './require-subject';

/**
 * What the HeartCoach page reads, each under the Bearer session (the one mechanism): who I am on the desk
 * (`/desk/me`), one patient's page (`/desk/patients/:practice/:patient`, by the consultation's own standing rules),
 * and whether HeartCoach holds a live ask-as-me wire from me (`GET /ask-me/wire`).
 */
const AddressParam = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export function pageDataRoutes(app: Hono<SubjectEnv>, deps: Pick<CoachDeps, 'sql' | 'clock' | 'bearer'>): void {
  const subject = requireSubject(deps.bearer);
  app.get('/desk/me', subject, async (c) => {
    const s = c.get('subject');
    return c.json(await deskMe(deps.sql, s.address, s.name, deps.clock.now()));
  });
  app.get('/desk/patients/:practice/:patient', subject, async (c) => {
    const practice = AddressParam.safeParse(c.req.param('practice'));
    const patient = AddressParam.safeParse(c.req.param('patient'));
    if (!practice.success || !patient.success)
      throw refuse.badRequest("A patient's page is named by the practice's and the patient's 0x addresses.");
    const page = await patientPage(
      deps.sql,
      c.get('subject').address,
      practice.data.toLowerCase(),
      patient.data.toLowerCase() as Address,
      deps.clock.now(),
    );
    return c.json(page);
  });
  app.get('/ask-me/wire', subject, async (c) => {
    const wire = await liveWireOf(deps.sql, c.get('subject').address, deps.clock.now().toISOString());
    return c.json({ wire: wire === null ? null : { hash: wire.hash, origin: wire.origin, expiresAt: wire.expiresAt } });
  });
}
