// page.js: what every module of the game page shares: the page's state (`ui`), the element
// lookup and the SVG namespace. The DOM is drawn from `ui`; see game.js for the flow.

import { gameIdFromPath, seatFromSearch, indexActions } from './app.js';

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** Everything the page knows; the DOM is drawn from it. */
export const ui = {
  id: gameIdFromPath(location.pathname),
  token: seatFromSearch(location.search),
  state: null, // the latest live State
  log: [], // every log event fetched so far
  undone: null, // seq minus ply of the state the log belongs to
  index: indexActions([]), // the state's actions by unit and hex
  counts: new Map(), // unit -> how many hex actions, when the state only counted them
  acting: new Set(), // the units some action names
  selected: null, // the selected unit id, if any
  replay: null, // {ply, data} while replaying
  reach: null, // {key: "seq/unit", byHex: Map hex -> destination} for the selected unit
  marks: null, // {ply, list}: the replay marks for the game at that many plies
  busy: false, // an action or undo is on its way
  svg: null, // the inlined map
  hexes: new Map(), // its hex polygons by label
  fit: null, // the map's whole viewBox
  view: null, // the current viewBox {x, y, w, h}
  ws: null,
  wsAttempt: 0,
  everOpen: false,
  refreshTimer: null,
  refreshing: null,
  refreshAgain: false,
  replaySeq: 0,
  logShown: 0,
  logPinned: true, // the log is scrolled to its newest event (the reader has not scrolled up)
  remembered: false, // this game is in My games
  missing: false, // the server knows no such game
  focused: false, // the view has been framed on the units that act, once
  suppressClick: false, // the click that ends a drag is no click
  oddsOpen: null, // while the odds box is open: its answer (true to confirm)
  chat: null, // the chat box's socket handlers, once started
};

/** The element with this id. */
export const $ = (id) => document.getElementById(id);
