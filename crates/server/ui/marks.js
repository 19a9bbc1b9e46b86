// marks.js: what the rules have placed on the map that is not a unit (a melee marker on its
// hexside, an Assault under way: the state's `marks`), and arrows for the latest shots and
// melees among the last actions (`recent`), so a player sees at a glance what was fired at
// (issue 15 item 3). Drawn in <g id="marks">, under the highlights.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** How many of the latest fire and melee actions get an arrow. */
export const FIRE_ARROWS = 4;

/**
 * The latest fire and melee actions among `recent` (oldest first, as the state sends them)
 * that name both a hex they come from and one they strike, newest first, at most
 * [`FIRE_ARROWS`]: [{from, hex, kind, label, age}], `age` 0 for the newest.
 */
export function fireArrows(recent) {
  return [...(recent || [])]
    .reverse()
    .filter((r) => (r.kind === 'fire' || r.kind === 'melee') && r.from && r.hex && r.from !== r.hex)
    .slice(0, FIRE_ARROWS)
    .map((r, age) => ({ from: r.from, hex: r.hex, kind: r.kind, label: r.label, age }));
}

function node(tag, attrs = {}, title = null) {
  const n = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) n.setAttribute(k, String(v));
  if (title) {
    const t = document.createElementNS(SVG_NS, 'title');
    t.textContent = title;
    n.append(t);
  }
  return n;
}

/** The arrowheads, once per map. */
function ensureDefs(svg) {
  if (svg.querySelector('#mark-head-melee')) return;
  let defs = svg.querySelector('defs');
  if (!defs) {
    defs = node('defs');
    svg.prepend(defs);
  }
  for (const kind of ['melee', 'fire']) {
    const m = node('marker', {
      id: `mark-head-${kind}`, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 4, markerHeight: 4,
      orient: 'auto-start-reverse', class: `mark-head mark-head-${kind}`,
    });
    m.append(node('path', { d: 'M0,0 L10,5 L0,10 z' }));
    defs.append(m);
  }
}

/**
 * Draws `marks` and the arrows of `recent` on `svg`, whose hex polygons are `hexes` (label
 * to polygon). Replaces whatever was drawn before.
 */
export function drawMarks(svg, hexes, marks, recent) {
  if (!svg) return;
  let layer = svg.querySelector('#marks');
  if (!layer) {
    layer = node('g', { id: 'marks' });
    const overlay = svg.querySelector('#overlay');
    if (overlay) overlay.parentNode.insertBefore(layer, overlay);
    else svg.append(layer);
  }
  layer.replaceChildren();
  ensureDefs(svg);
  const centre = (hex) => {
    const p = hexes.get(hex);
    if (!p) return null;
    const b = p.getBBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2, r: Math.min(b.width, b.height) / 2 };
  };
  const arrow = (from, to, cls, head, title) => {
    const a = centre(from);
    const b = centre(to);
    if (!a || !b) return;
    // From the edge of one hex's middle to short of the other's centre.
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const cut = Math.min(a.r * 0.45, len / 3);
    layer.append(node('line', {
      x1: a.x + (dx / len) * cut, y1: a.y + (dy / len) * cut, x2: b.x - (dx / len) * cut, y2: b.y - (dy / len) * cut,
      class: cls, 'marker-end': `url(#mark-head-${head})`, 'data-from': from, 'data-hex': to,
    }, title));
  };
  for (const f of fireArrows(recent)) {
    arrow(f.from, f.hex, `fire-arrow age-${f.age}`, f.kind === 'melee' ? 'melee' : 'fire', f.label);
  }
  for (const m of marks || []) {
    if (m.from) arrow(m.from, m.hex, `rule-mark mark-${m.kind}`, 'melee', m.label);
    const c = centre(m.hex);
    if (c) layer.append(node('circle', { cx: c.x, cy: c.y, r: c.r * 0.28, class: `rule-badge mark-${m.kind}`, 'data-hex': m.hex }, m.label));
  }
}
