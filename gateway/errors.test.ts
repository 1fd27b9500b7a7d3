import { describe, expect, it } from 'vitest';
import { JSON_RPC, Refusal, refuse, toHttpError, toJsonRpcError } from './errors';

describe('refusals mapped in one place (DESIGN §10)', () => {
  it('maps a bad request to -32602 and every other refusal to the implementation-defined code, with { code, status }', () => {
    expect(toJsonRpcError(refuse.badRequest('The message is empty.', 'empty_message'))).toEqual({
      code: JSON_RPC.INVALID_PARAMS,
      message: 'The message is empty.',
      data: { code: 'empty_message', status: 400 },
    });
    expect(
      toJsonRpcError(
        refuse.forbidden(
          'not_entitled',
          "your role on Alice Okoro's team (dietitian) is not for alerts.acknowledge — hp:roleEntitles",
        ),
      ),
    ).toEqual({
      code: JSON_RPC.REFUSED,
      message: "your role on Alice Okoro's team (dietitian) is not for alerts.acknowledge — hp:roleEntitles",
      data: { code: 'not_entitled', status: 403 },
    });
    expect(toJsonRpcError(refuse.precondition('ask_wire_required', 'Connect at Home.')).data).toEqual({
      code: 'ask_wire_required',
      status: 412,
    });
    expect(toJsonRpcError(refuse.unconfigured()).data).toEqual({ code: 'coach_unconfigured', status: 503 });
  });

  it("never lets an unexpected error's message or stack out", () => {
    const leaked = new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
    expect(toJsonRpcError(leaked)).toEqual({
      code: JSON_RPC.INTERNAL_ERROR,
      message: 'Something went wrong inside HeartCoach; nothing was changed.',
      data: { code: 'internal', status: 500 },
    });
    expect(JSON.stringify(toHttpError(leaked))).not.toContain('hunter2');
    expect(toHttpError(new Refusal(401, 'unauthenticated', 'Sign in first.'))).toEqual({
      status: 401,
      body: {
        type: 'urn:heartcoach:problem:unauthenticated',
        title: 'Not signed in',
        status: 401,
        detail: 'Sign in first.',
        code: 'unauthenticated',
      },
    });
  });
});
