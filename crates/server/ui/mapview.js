// mapview.js: the map's view: pan and zoom, opening on the units that act, panning to a unit,
// the compass rose the ruleset orients, and the path a destination move would take.

import { ui, $, SVG_NS } from './page.js';

/** The map's terrain legend (from the ruleset) and the page's marks, in the panel. */
/**
 * The compass rose in the map's corner, turned as the ruleset says the map is drawn (issue
 * 15: West is up on South Mountain): the needle points to geographic north, and the four
 * letters sit at their points, upright.
 */
export function renderCompass(north) {
  const box = $('compass');
  box.hidden = north === null || north === undefined;
  if (box.hidden) return;
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '-30 -30 60 60');
  const add = (tag, attrs, text) => {
    const n = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    if (text) n.textContent = text;
    svg.append(n);
    return n;
  };
  add('circle', { r: 28, class: 'ring' });
  add('polygon', { points: '0,-21 5,0 0,4 -5,0', class: 'needle', transform: `rotate(${north})` });
  add('polygon', { points: '0,21 5,0 0,-4 -5,0', class: 'tail', transform: `rotate(${north})` });
  ['N', 'E', 'S', 'W'].forEach((letter, i) => {
    const a = ((north + 90 * i) * Math.PI) / 180;
    add('text', { x: (Math.sin(a) * 24).toFixed(1), y: (-Math.cos(a) * 24 + 3.5).toFixed(1), class: `pt pt-${letter}` }, letter);
  });
  box.replaceChildren(svg);
  const up = ['north', 'east', 'south', 'west'][Math.round(((360 - north) % 360) / 90) % 4];
  box.title = `Compass: ${up} is at the top of the map`;
  box.setAttribute('aria-label', box.title);
}

/** The map's box around `hexes` (labels), or null when none is drawn. */
export function hexBox(hexes) {
  let box = null;
  for (const h of hexes) {
    const poly = ui.hexes.get(h);
    if (!poly) continue;
    const b = poly.getBBox();
    box = box
      ? { x1: Math.min(box.x1, b.x), y1: Math.min(box.y1, b.y), x2: Math.max(box.x2, b.x + b.width), y2: Math.max(box.y2, b.y + b.height), hex: b.width }
      : { x1: b.x, y1: b.y, x2: b.x + b.width, y2: b.y + b.height, hex: b.width };
  }
  return box;
}

/**
 * Opens on the units that act (issue 15): the view frames the counters of the units with
 * actions (or, with none, the seat's own), with a few hexes around, never closer than about a
 * dozen hexes across, and the whole map when they are spread over most of it.
 */
export function focusActing() {
  const counters = ui.state.counters || [];
  let units = counters.filter((c) => ui.acting.has(c.id));
  if (!units.length && ui.state.seat) units = counters.filter((c) => c.side === ui.state.seat);
  const box = hexBox(units.map((c) => c.hex));
  if (!box) return;
  const margin = box.hex * 3;
  const min = box.hex * 12;
  let w = Math.max(box.x2 - box.x1 + 2 * margin, min);
  let h = Math.max(box.y2 - box.y1 + 2 * margin, min * 0.75);
  if (w * h > ui.fit.w * ui.fit.h * 0.6) return; // spread over most of the map: keep it whole
  w = Math.min(w, ui.fit.w);
  h = Math.min(h, ui.fit.h);
  const cx = (box.x1 + box.x2) / 2;
  const cy = (box.y1 + box.y2) / 2;
  setView({ x: cx - w / 2, y: cy - h / 2, w, h });
}

/**
 * When none of `hexes` is in view, pans (keeping the zoom) to the middle of them: a decision
 * whose lit hexes are all off-screen (the next melee to resolve, after panning to a unit
 * elsewhere) brings them into sight. Hexes partly in view count as in view.
 */
export function bringIntoView(hexes) {
  if (!ui.view || !hexes.length) return;
  const v = ui.view;
  const seen = hexes.some((h) => {
    const b = hexBox([h]);
    return b && b.x2 > v.x && b.x1 < v.x + v.w && b.y2 > v.y && b.y1 < v.y + v.h;
  });
  const box = hexBox(hexes);
  if (seen || !box) return;
  setView({ ...v, x: (box.x1 + box.x2) / 2 - v.w / 2, y: (box.y1 + box.y2) / 2 - v.h / 2 });
}

/** Pans so that `unit`'s counter is in view (a unit chosen from a list), keeping the zoom. */
export function panTo(unit) {
  const c = (ui.state?.counters || []).find((x) => x.id === unit);
  const box = c && hexBox([c.hex]);
  if (!box || !ui.view) return;
  const v = ui.view;
  const inside = box.x1 >= v.x && box.x2 <= v.x + v.w && box.y1 >= v.y && box.y2 <= v.y + v.h;
  if (!inside) setView({ ...v, x: (box.x1 + box.x2) / 2 - v.w / 2, y: (box.y1 + box.y2) / 2 - v.h / 2 });
}

/**
 * Draws the path a click on a ringed hex would take (`d.via`, from the unit's hex), so the
 * player sees the way before committing; a different way is taken by clicking a lit hex
 * on it first, one step at a time, then the destination from there.
 */
export function showPath(unit, d) {
  const overlay = ui.svg && ui.svg.querySelector('#overlay');
  if (!overlay) return;
  for (const old of overlay.querySelectorAll('.reach-path')) old.remove();
  if (!d || !d.via || !d.via.length) return;
  const counter = (ui.state.counters || []).find((c) => c.id === unit);
  const hexes = [counter && counter.hex, ...d.via].filter(Boolean);
  const points = hexes.map((h) => {
    const p = ui.hexes.get(h);
    if (!p) return null;
    const b = p.getBBox();
    return `${b.x + b.width / 2},${b.y + b.height / 2}`;
  });
  if (points.includes(null) || points.length < 2) return;
  const line = document.createElementNS(SVG_NS, 'polyline');
  line.setAttribute('points', points.join(' '));
  line.setAttribute('class', 'reach-path');
  line.dataset.via = d.via.join(' ');
  overlay.append(line);
}

export function setView(v) {
  ui.view = v;
  if (ui.svg) ui.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
}

/** The map point under a client position. */
export function mapPoint(clientX, clientY) {
  const ctm = ui.svg.getScreenCTM();
  if (!ctm) return { x: ui.view.x + ui.view.w / 2, y: ui.view.y + ui.view.h / 2 };
  const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
  return { x: p.x, y: p.y };
}

/** Zooms by factor f (>1 zooms out) around a map point. */
export function zoom(f, at) {
  const v = ui.view;
  const w = Math.min(ui.fit.w * 1.5, Math.max(ui.fit.w / 25, v.w * f));
  const k = w / v.w;
  const c = at || { x: v.x + v.w / 2, y: v.y + v.h / 2 };
  setView({ x: c.x - (c.x - v.x) * k, y: c.y - (c.y - v.y) * k, w, h: v.h * k });
}

/** Hovering a ringed hex draws the path a click there would take ([`showPath`]). */
export function wirePathPreview(svg) {
  svg.addEventListener('mouseover', (ev) => {
    const poly = ev.target.closest && ev.target.closest('.hex[data-hex]');
    const d = poly && poly.classList.contains('reach') ? ui.reach?.byHex.get(poly.dataset.hex) : null;
    if (ui.selected !== null) showPath(ui.selected, d || null);
  });
}

export function wirePanZoom(svg) {
  svg.addEventListener(
    'wheel',
    (ev) => {
      ev.preventDefault();
      const unit = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? 400 : 1;
      zoom(Math.exp(ev.deltaY * unit * 0.0015), mapPoint(ev.clientX, ev.clientY));
    },
    { passive: false },
  );
  let drag = null;
  svg.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0) return;
    const ctm = svg.getScreenCTM();
    drag = { x: ev.clientX, y: ev.clientY, view: { ...ui.view }, scale: ctm ? ctm.a : 1, moving: false, id: ev.pointerId };
  });
  svg.addEventListener('pointermove', (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (!drag.moving && Math.hypot(dx, dy) < 5) return;
    if (!drag.moving) {
      drag.moving = true;
      svg.setPointerCapture(ev.pointerId);
      svg.classList.add('panning');
    }
    setView({ ...drag.view, x: drag.view.x - dx / drag.scale, y: drag.view.y - dy / drag.scale });
  });
  const end = () => {
    if (drag && drag.moving) {
      ui.suppressClick = true;
      setTimeout(() => (ui.suppressClick = false), 0);
    }
    svg.classList.remove('panning');
    drag = null;
  };
  svg.addEventListener('pointerup', end);
  svg.addEventListener('pointercancel', end);
}
