// The standings as wide as their box allows, measured rather than estimated. The page
// fits them without JavaScript too (the container queries standings.rs writes, from
// generous estimates of each column's width); this measures each column as the browser
// draws it and shows the most rounds, newest first, that really fit, so that a narrow
// phone keeps its newest round where the estimate alone would fold it away.
(function () {
  "use strict";
  var SHOWN = /\b([af])(\d+)\b/;
  var fit = function (section) {
    var table = section.querySelector("table");
    if (!table || !table.tHead) { return; }
    var cells = section.querySelectorAll("th, td");
    for (var i = 0; i < cells.length; i++) { cells[i].style.removeProperty("display"); }
    var box = section.clientWidth;
    if (!box) { return; }
    // The rounds the queries show: this only ever shows more.
    var queried = 0;
    var heads = table.tHead.rows[0].cells;
    for (var q = 0; q < heads.length; q++) {
      var r = SHOWN.exec(heads[q].className);
      if (r && r[1] === "a" && getComputedStyle(heads[q]).display !== "none") { queried++; }
    }
    // Every column at its natural width, all shown at once for a moment (no paint).
    section.classList.add("measuring");
    var fixed = 0, rounds = [], folds = [];
    var head = table.tHead.rows[0].cells;
    for (var h = 0; h < head.length; h++) {
      var width = head[h].getBoundingClientRect().width;
      var m = SHOWN.exec(head[h].className);
      if (!m) { fixed += width; } else if (m[1] === "a") { rounds[+m[2]] = width; } else { folds[+m[2]] = width; }
    }
    section.classList.remove("measuring");
    // The most rounds that fit beside the fold that sums the others (2 px spare).
    var best = -1, sum = fixed;
    for (var n = 0; n < rounds.length || n === 0; n++) {
      if (n > 0) {
        if (rounds[n] === undefined) { break; }
        sum += rounds[n];
      }
      if (sum + (folds[n] || 0) <= box - 2) { best = n; }
    }
    // No more than the queries show fits: their choice stands, as drawn without this.
    if (best <= queried) { return; }
    for (var c = 0; c < cells.length; c++) {
      var k = SHOWN.exec(cells[c].className);
      if (!k) { continue; }
      var show = k[1] === "a" ? +k[2] <= best : +k[2] === best;
      cells[c].style.setProperty("display", show ? "table-cell" : "none", "important");
    }
  };
  window.fitStandings = function (root) {
    var sections = (root || document).querySelectorAll(".standings");
    for (var s = 0; s < sections.length; s++) { fit(sections[s]); }
  };
})();
