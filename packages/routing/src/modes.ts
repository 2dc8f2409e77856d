/** The road modes the engine routes, in the order their weights are stored in a graph file. */
export const ROUTING_MODES = ['car', 'truck', 'heavy_truck', 'bike', 'walk'] as const;
export type RoutingMode = (typeof ROUTING_MODES)[number];

export function isRoutingMode(value: string): value is RoutingMode {
  return (ROUTING_MODES as readonly string[]).includes(value);
}
