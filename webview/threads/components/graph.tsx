import { EdgeKind, GraphView, labelLines } from '../../../src/views/threads/common/messages';

/** Between the lines of a wrapped edge label (its font is 10.5 px). */
const LINE_HEIGHT = 12;

const KIND_CLASS: Readonly<Record<EdgeKind, string>> = {
  always: 'edge-always',
  convergence: 'edge-convergence',
  output_contains: 'edge-contains',
  output_not_contains: 'edge-not-contains',
  unknown: 'edge-unknown',
};

/**
 * A template's pipeline as SVG: agents and stages as boxes (the entry marked, unreached
 * ones dashed, the thread's active one highlighted), transitions as labelled arrows;
 * loops arc below. Positions come from the host's layout; colours from the theme (CSS).
 */
export function Graph(props: { graph: GraphView; title: string; active?: string | null }) {
  const { graph } = props;
  const markerId = `arrow-${props.title.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <svg
      class="graph"
      role="img"
      aria-label={`${props.title}: ${graph.nodes.map((n) => n.id).join(', ')}`}
      viewBox={`0 0 ${graph.width} ${graph.height}`}
      width={graph.width}
    >
      <defs>
        <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" class="arrow-head" />
        </marker>
      </defs>
      {graph.edges.map((e, i) => (
        <g key={`e${i}`} class={`edge ${KIND_CLASS[e.kind]}${e.implied ? ' edge-implied' : ''}`} data-from={e.from} data-to={e.to}>
          <title>{`${e.from} → ${e.to}: ${e.label}`}</title>
          <path d={e.path} marker-end={`url(#${markerId})`} />
        </g>
      ))}
      {graph.nodes.map((n) => (
        <g
          key={n.id}
          class={`node${n.entry ? ' node-entry' : ''}${n.reachable ? '' : ' node-unreachable'}${n.unknown ? ' node-unknown' : ''}${props.active === n.id ? ' node-active' : ''}`}
          data-node={n.id}
        >
          <title>{`${n.id}${n.entry ? ' (entry)' : ''}${n.reachable ? '' : ' — not reached from the entry'}${n.unknown ? ' — not defined in agents' : ''}`}</title>
          <rect x={n.x} y={n.y} width={n.width} height={n.height} rx="6" />
          <text x={n.x + n.width / 2} y={n.y + (n.stage ? 17 : n.height / 2 + 4)} class="node-agent">
            {n.agent}
          </text>
          {n.stage && (
            <text x={n.x + n.width / 2} y={n.y + 31} class="node-stage">
              {n.stage}
            </text>
          )}
        </g>
      ))}
      {graph.edges.map((e, i) => {
        // Forward labels sit above their arrow, so extra lines stack upwards; labels of
        // loops sit below theirs and keep one line.
        const lines = e.shape === 'forward' ? labelLines(e.label) : [shorten(e.label, 64)];
        const top = e.labelY - (lines.length - 1) * LINE_HEIGHT;
        return (
          <text key={`l${i}`} x={e.labelX} y={top} class={`edge-label ${KIND_CLASS[e.kind]}`}>
            {lines.map((line, k) => (
              <tspan key={k} x={e.labelX} y={top + k * LINE_HEIGHT}>
                {line}
              </tspan>
            ))}
          </text>
        );
      })}
    </svg>
  );
}

function shorten(s: string, max: number): string {
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

export function GraphLegend() {
  return (
    <ul class="legend" aria-label="Legend">
      <li><span class="swatch edge-always" /> always</li>
      <li><span class="swatch edge-convergence" /> convergence (loops until the marker)</li>
      <li><span class="swatch edge-contains" /> output_contains</li>
      <li><span class="swatch edge-not-contains" /> output_not_contains</li>
      <li><span class="swatch node-entry-swatch" /> entry</li>
      <li><span class="swatch node-unreachable-swatch" /> never reached</li>
    </ul>
  );
}
