import { createMiddleware } from 'hono/factory';
import { verifyBearer, type BearerPolicy, type Subject } from '../auth/verify-bearer';

export type SubjectEnv = { Variables: { subject: Subject } };

/** Verifies the Bearer JWT (the one mechanism) and puts the subject on the context; a failure is a 401 Refusal. */
export const requireSubject = (policy: BearerPolicy) =>
  createMiddleware<SubjectEnv>(async (c, next) => {
    c.set('subject', await verifyBearer(policy, c.req.header('Authorization')));
    await next();
  });
