/** Reading a V8 CPU profile (CDP Profiler.stop): busy time, and the time inside named functions with their callers. */

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface FunctionTime {
  inclusiveMs: number;
  /** The component-like callers above the function (up to 6, nearest last; else its 6 nearest frames), with their time, largest first. */
  stacks: [string, number][];
}

const idleNames = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);
// Component-like frames (React components, emotion's Styled wrappers show as their function names).
const isComponentName = (name: string) => /^[A-Z][A-Za-z0-9_$]*$/.test(name);

/** Busy ms (samples not idle), and per function in `names` its inclusive ms and the stacks that reach it. */
export function summariseProfile(
  profile: CpuProfile,
  names: readonly string[],
): { busyMs: number; functions: Map<string, FunctionTime> } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = (id: number) => {
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      frames.push(byId.get(at)!.callFrame.functionName);
    return frames; // innermost first
  };
  let busyMs = 0;
  const totals = new Map(names.map((name) => [name, { inclusiveMs: 0, stacks: new Map<string, number>() }]));
  const stacks = new Map<number, string[]>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const name = byId.get(id)!.callFrame.functionName;
    if (idleNames.has(name)) return;
    busyMs += ms;
    let frames = stacks.get(id);
    if (!frames) stacks.set(id, (frames = stackOf(id)));
    for (const [target, total] of totals) {
      const at = frames.indexOf(target);
      if (at < 0) continue;
      total.inclusiveMs += ms;
      const callers =
        frames
          .slice(at + 1)
          .filter(isComponentName)
          .slice(0, 6)
          .reverse()
          .join(' > ') ||
        frames
          .slice(at + 1, at + 7)
          .reverse()
          .join(' > ');
      total.stacks.set(callers, (total.stacks.get(callers) ?? 0) + ms);
    }
  });
  return {
    busyMs,
    functions: new Map(
      [...totals].map(([name, total]) => [
        name,
        { inclusiveMs: total.inclusiveMs, stacks: [...total.stacks].sort((a, b) => b[1] - a[1]) },
      ]),
    ),
  };
}
