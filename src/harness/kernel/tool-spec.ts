/** A tool as the planner sees it: its contract, never its authority. */
export type ToolSpec = {
  id: string;
  kind: string;
  description: string;
  informational: boolean;
  args: readonly { name: string; kind: string; required: boolean; description: string }[];
  examples: readonly string[];
};
