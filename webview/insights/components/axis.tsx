import { LabelAnchor, spacedLabels } from './scale';

export interface AxisLabel {
  readonly x: number;
  readonly text: string;
  readonly anchor: LabelAnchor;
}

/** A horizontal axis under a row plot: the line, a tick at each label, and the labels that fit (a narrow bar column, beside a long agent name, has room for fewer). */
export function Axis({ labels, length }: { labels: readonly AxisLabel[]; length: number }) {
  const shown = spacedLabels(labels);
  return (
    <g>
      <line class="axis" x1="0" x2={length} y1="0.5" y2="0.5" />
      {labels.map((l, k) => (
        <g>
          <line class="axis" x1={l.x} x2={l.x} y1="0" y2="4" />
          {shown[k] && (
            <text class="tick-label" x={l.x} y="15" text-anchor={l.anchor}>
              {l.text}
            </text>
          )}
        </g>
      ))}
    </g>
  );
}
