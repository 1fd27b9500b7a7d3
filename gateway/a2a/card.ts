import { AgentCard } from '@a2a-js/sdk';
import { COACH_CARD_SKILLS } from '../../src/ontology/health-portal.generated';
import { AGENT_ACCOUNT_EXTENSION } from '../../src/protocol/agent-card';

/** The extension on the card that carries each skill's consequence tier, archetype and outcomes (seed 000 §2). */
export const SKILL_POLICY_EXTENSION = 'https://heartcoach.example/a2a/ext/skill-policy/v1';

/** The extension that names HeartCoach's agent account: the delegate a person's grants and wires must name. */
export { AGENT_ACCOUNT_EXTENSION };

/** HeartCoach's agent (its service key's address) on its chain, and what a person may delegate to it. */
export type AgentAccount = { address: `0x${string}`; chainId: number };

export type CardOptions = { origin: string; version: string; agent?: AgentAccount };

/**
 * HeartCoach's agent card (A2A v1.0), built from the ontology's card skills: every skill with its tier, archetype and
 * outcomes (as tags, and as the skill-policy extension's params for machines), the JSON-RPC interface in both
 * versions, streaming (each act as the coach composes), and the one security scheme — a Bearer JWT from SIWE sign-in.
 * Served as proto-JSON via `AgentCard.toJSON`.
 */
export function coachAgentCard(options: CardOptions): AgentCard {
  const skills = Object.values(COACH_CARD_SKILLS);
  const bearer = { schemes: { siweBearer: { list: [] } } };
  return {
    name: 'HeartCoach',
    description:
      'A heart-health coach for people home after a heart-failure stay, and for their care team. It answers over the ' +
      "person's own cabinet, acts only through the practice's gates, and refuses in words.",
    supportedInterfaces: [
      { url: `${options.origin}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
      { url: `${options.origin}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '0.3' },
    ],
    provider: { url: options.origin, organization: 'HeartCoach' },
    version: options.version,
    capabilities: {
      streaming: true,
      pushNotifications: false,
      extendedAgentCard: false,
      extensions: [
        {
          uri: SKILL_POLICY_EXTENSION,
          description: "Each skill's consequence tier, archetype and outcomes.",
          required: false,
          params: Object.fromEntries(
            skills.map((s) => [s.id, { tier: s.tier, archetype: s.archetype ?? null, outcomes: [...s.outcomes] }]),
          ),
        },
        ...(options.agent === undefined
          ? []
          : [
              {
                uri: AGENT_ACCOUNT_EXTENSION,
                description:
                  "HeartCoach's agent: the delegate of the cabinet grants (cabinet.read) and ask-as-me wires (harness.ask) people give it.",
                required: false,
                params: {
                  address: options.agent.address,
                  chainId: options.agent.chainId,
                  delegations: ['cabinet.read', 'harness.ask'],
                },
              },
            ]),
      ],
    },
    securitySchemes: {
      siweBearer: {
        scheme: {
          $case: 'httpAuthSecurityScheme',
          value: {
            description: `Sign in with Ethereum at ${options.origin}/auth/siwe for an ES256 session JWT (keys at ${options.origin}/.well-known/jwks.json).`,
            scheme: 'Bearer',
            bearerFormat: 'JWT',
          },
        },
      },
    },
    securityRequirements: [bearer],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['application/json'],
    skills: skills.map((s) => ({
      id: s.id,
      name: s.label,
      description: s.description,
      tags: [
        `tier:${s.tier}`,
        ...(s.archetype === undefined ? [] : [`archetype:${s.archetype}`]),
        ...s.outcomes.map((o) => `outcome:${o}`),
      ],
      examples: [],
      inputModes: ['text/plain', 'application/json'],
      outputModes: ['application/json'],
      securityRequirements: [bearer],
    })),
    signatures: [],
  };
}

/**
 * The card as served at /.well-known/agent-card.json: A2A 1.0's proto-JSON, plus the fields an A2A 0.3 client finds
 * the endpoint by — `url`, `protocolVersion`, `preferredTransport` and `additionalInterfaces` — which 1.0 readers
 * ignore. Both name the same JSON-RPC endpoint; the `A2A-Version` header chooses the version.
 */
export function cardJson(card: AgentCard): Record<string, unknown> {
  const v1 = AgentCard.toJSON(card) as Record<string, unknown>;
  const v03 = card.supportedInterfaces.find((i) => i.protocolVersion === '0.3') ?? card.supportedInterfaces[0]!;
  return {
    ...v1,
    url: v03.url,
    protocolVersion: '0.3.0',
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [{ url: v03.url, transport: 'JSONRPC' }],
  };
}

/** The skill ids on the card, for the unknown-skill refusal. */
export const skillIdsOf = (card: AgentCard): string[] => card.skills.map((s) => s.id);
