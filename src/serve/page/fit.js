// The standings as wide as their box allows, measured rather than estimated. The page
// fits them without JavaScript too (the container queries standings.rs writes, from
// generous estimates of each column's width); this measures each column as the browser
// draws it and shows the most rounds, newest first, that really fit, so that a narrow
// phone keeps its newest round where the estimate alone would fold it away.
//
// Everything is measured on copies of the table out of the page's flow: the table the
// reader sees changes once, to what fits, and a board just replaced is drawn at once as
// the last one was fitted, so nothing moves under the reader (nor where they scrolled).
(function () {
  "use strict";
  var SHOWN = /\b([af])(\d+)\b/;
  // The rounds shown in each box as last fitted (by its place on the page); null where
  // the queries' choice stands.
  var chosen = [];
  // Shows the newest `best` rounds and the fold beside them; null: as the queries say.
  var apply = function (section, best) {
    var cells = section.querySelectorAll("th, td");
    for (var c = 0; c < cells.length; c++) {
      var k = SHOWN.exec(cells[c].className);
      if (!k) { continue; }
      if (best === null || best === undefined) {
        cells[c].style.removeProperty("display");
      } else {
        var show = k[1] === "a" ? +k[2] <= best : +k[2] === best;
        cells[c].style.setProperty("display", show ? "table-cell" : "none", "important");
      }
    }
  };
  // A copy of `table` in `section`, with the class `kind`, in a box of no size out of
  // the page's flow: unseen, and adding nothing to how far the page scrolls (a phone's
  // browser would otherwise zoom out to a copy wider than the screen). Its wrapper.
  var probe = function (section, table, kind) {
    var copy = table.cloneNode(true);
    var cells = copy.querySelectorAll("th, td");
    for (var c = 0; c < cells.length; c++) { cells[c].style.removeProperty("display"); }
    if (kind) { copy.classList.add(kind); }
    var box = document.createElement("div");
    box.className = "probe";
    box.setAttribute("aria-hidden", "true");
    box.appendChild(copy);
    section.appendChild(box);
    return box;
  };
  var fit = function (section, place) {
    var table = section.querySelector("table");
    if (!table || !table.tHead) { return; }
    apply(section, chosen[place]);
    var box = section.clientWidth;
    if (!box) { return; }
    // The rounds the queries show, as drawn without this: it only ever shows more.
    var plain = probe(section, table, "");
    var queried = 0;
    var heads = plain.firstChild.tHead.rows[0].cells;
    for (var q = 0; q < heads.length; q++) {
      var r = SHOWN.exec(heads[q].className);
      if (r && r[1] === "a" && getComputedStyle(heads[q]).display !== "none") { queried++; }
    }
    section.removeChild(plain);
    // Every column at its natural width, all shown at once.
    var wide = probe(section, table, "measuring");
    var fixed = 0, rounds = [], folds = [];
    var head = wide.firstChild.tHead.rows[0].cells;
    for (var h = 0; h < head.length; h++) {
      var width = head[h].getBoundingClientRect().width;
      var m = SHOWN.exec(head[h].className);
      if (!m) { fixed += width; } else if (m[1] === "a") { rounds[+m[2]] = width; } else { folds[+m[2]] = width; }
    }
    section.removeChild(wide);
    // The most rounds that fit beside the fold that sums the others (2 px spare).
    var best = -1, sum = fixed;
    for (var n = 0; n < rounds.length || n === 0; n++) {
      if (n > 0) {
        if (rounds[n] === undefined) { break; }
        sum += rounds[n];
      }
      if (sum + (folds[n] || 0) <= box - 2) { best = n; }
    }
    // No more than the queries show fits: their choice stands.
    chosen[place] = best > queried ? best : null;
    apply(section, chosen[place]);
  };
  // Measures every box of standings under `root` and shows what fits.
  window.fitStandings = function (root) {
    var sections = (root || document).querySelectorAll(".standings");
    for (var s = 0; s < sections.length; s++) { fit(sections[s], s); }
  };
  // Shows in each box under `root` what fitted it last, measuring nothing: a board just
  // replaced is drawn as the one before it was, at no cost to how soon it is shown.
  window.fitStandings.again = function (root) {
    var sections = (root || document).querySelectorAll(".standings");
    for (var s = 0; s < sections.length; s++) { apply(sections[s], chosen[s]); }
  };
})();
