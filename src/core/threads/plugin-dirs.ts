/**
 * Where an agent's `pluginDirs` are (seed 002, "Plugin Loading"): relative to the Cortex
 * home (the server's DATA_DIR, default ~/.cortex), so `plugins/cortex-coder` is
 * `<home>/plugins/cortex-coder`; an absolute path stays as it is. Paths use `/`. Pure.
 */
export function pluginDirLocation(dir: string, cortexHome: string): string {
  const p = dir.trim().replace(/\\/g, '/');
  if (p.startsWith('/') || /^[A-Za-z]:\//.test(p)) return p.replace(/\/+$/, '');
  return `${cortexHome.replace(/\/+$/, '')}/${p.replace(/^\.\//, '').replace(/\/+$/, '')}`;
}

/** Every plugin folder the agents name, resolved, once each (for the caller to look for). */
export function pluginDirLocations(agents: ReadonlyArray<{ readonly pluginDirs: readonly string[] }>, cortexHome: string): string[] {
  const out = new Set<string>();
  for (const a of agents) for (const d of a.pluginDirs) if (d.trim() !== '') out.add(pluginDirLocation(d, cortexHome));
  return [...out];
}
