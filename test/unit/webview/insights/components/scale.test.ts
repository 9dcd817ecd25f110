// Axis labels of the insights charts: a narrow bar column (a long agent name beside it)
// must not draw labels over each other ("16 h24 h", "1 min15 min1 h").
import * as assert from 'node:assert/strict';
import { LabelAnchor, spacedLabels } from '../../../../../webview/insights/components/scale';

const axis = (width: number, texts: string[], anchors: (k: number, n: number) => LabelAnchor) =>
  texts.map((text, k) => ({ x: (k / (texts.length - 1)) * width, text, anchor: anchors(k, texts.length) }));
const duration = (k: number, n: number): LabelAnchor => (k === 0 ? 'start' : k === n - 1 ? 'end' : 'middle');

describe('insights axis labels', () => {
  it('draws every label where there is room', () => {
    assert.deepEqual(spacedLabels(axis(400, ['0', '8 h', '16 h', '24 h'], duration)), [true, true, true, true]);
  });

  it('drops the labels that would overlap, keeping the first and the last', () => {
    const labels = axis(90, ['0', '8 h', '16 h', '24 h'], duration);
    const shown = spacedLabels(labels);
    assert.equal(shown[0], true);
    assert.equal(shown[3], true);
    assert.ok(shown.filter(Boolean).length < 4, String(shown));
  });

  it('keeps the log axis of tick ages readable at the left end', () => {
    // 1 min, 15 min and 1 h sit close together on a log scale of a week.
    const max = 10080;
    const marks = [1, 15, 60, 240, 1440, 10080];
    const width = 160;
    const labels = marks.map((m, k) => ({ x: (Math.log(m) / Math.log(max)) * width, text: m < 60 ? `${m} min` : m < 1440 ? `${m / 60} h` : `${m / 1440} d`, anchor: (k === 0 ? 'start' : 'middle') as LabelAnchor }));
    const shown = spacedLabels(labels);
    const kept = labels.filter((_, k) => shown[k]);
    for (let k = 1; k < kept.length; k++) {
      const prevEnd = kept[k - 1].anchor === 'start' ? kept[k - 1].x + kept[k - 1].text.length * 6.5 : kept[k - 1].x + (kept[k - 1].text.length * 6.5) / 2;
      const start = kept[k].x - (kept[k].text.length * 6.5) / 2;
      assert.ok(start >= prevEnd, `${kept[k - 1].text} overlaps ${kept[k].text}`);
    }
    assert.equal(shown[marks.length - 1], true);
  });

  it('gives up the first label when only one fits', () => {
    assert.deepEqual(spacedLabels(axis(20, ['0', '24 h'], duration)), [false, true]);
    assert.deepEqual(spacedLabels([]), []);
  });
});
