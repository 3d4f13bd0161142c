(function () {
  "use strict";
  // The board: each one the event stream sends replaces the one shown. The browser
  // reconnects a dropped stream by itself; a refused one (too many open) is tried
  // again a little later.
  var board = document.getElementById("board");
  var live = document.getElementById("live");
  // On a TV, whose panels are cut where the screen ends, each panel ends on a whole
  // row: a row (or a ruling's heading left without its rows) that would be cut is not
  // drawn, and a game's table says which of its rows it leaves out (the phone and the
  // prompt show them all). A phone scrolls, and cuts nothing.
  var tv = window.matchMedia ? window.matchMedia("(min-aspect-ratio: 4/3) and (min-width: 900px)") : null;
  // "not shown: gus, hal" beside a game's table's heading, for the rows cut from it.
  var leftOut = function (table) {
    var gone = table.querySelectorAll("tbody tr.cut");
    if (!gone.length) { return; }
    var names = [];
    for (var g = 0; g < gone.length; g++) {
      var head = gone[g].querySelector("th");
      names.push(head ? head.textContent : "");
    }
    var all = table.querySelectorAll("tbody tr").length;
    var said = names.every(function (n) { return n; }) && names.length <= 2 ?
      "not shown: " + names.join(", ") :
      (all - gone.length) + " of " + all + " rows shown";
    var note = document.createElement("span");
    note.className = "left-out";
    note.textContent = " · " + said;
    var wrap = table.closest(".scroll");
    var title = wrap && wrap.previousElementSibling;
    if (title && title.tagName === "H2") {
      title.appendChild(note);
    } else {
      var line = document.createElement("p");
      line.className = "left-out";
      line.textContent = said;
      (wrap || table).insertAdjacentElement("beforebegin", line);
    }
  };
  var fit = function () {
    if (!board) { return; }
    var cut = board.querySelectorAll(".cut");
    for (var i = 0; i < cut.length; i++) { cut[i].classList.remove("cut"); }
    var said = board.querySelectorAll(".left-out");
    for (var j = 0; j < said.length; j++) { said[j].parentNode.removeChild(said[j]); }
    if (!tv || !tv.matches) { return; }
    var panels = board.querySelectorAll(".col > section:not(.standings)");
    for (var p = 0; p < panels.length; p++) {
      var end = panels[p].getBoundingClientRect().bottom + 0.5;
      var rows = panels[p].querySelectorAll("tr, li");
      // Every row measured before any is hidden: hiding one moves up those after it,
      // which would then be measured where they are not drawn.
      var over = [];
      for (var r = 0; r < rows.length; r++) {
        var box = rows[r].getBoundingClientRect();
        if (box.height > 0 && box.bottom > end) { over.push(rows[r]); }
      }
      // A game's table that leaves rows out says so in its heading's line; where the
      // note needs a line of its own, one more row gives way to it.
      var tables = panels[p].classList.contains("tables");
      if (tables && over.length) {
        var kept = panels[p].querySelectorAll("tbody tr");
        for (var k = kept.length - 1; k >= 0; k--) {
          if (over.indexOf(kept[k]) < 0) {
            var scroll = kept[k].closest(".scroll");
            var titled = scroll && scroll.previousElementSibling && scroll.previousElementSibling.tagName === "H2";
            if (!titled) { over.push(kept[k]); }
            break;
          }
        }
      }
      for (var o = 0; o < over.length; o++) { over[o].classList.add("cut"); }
      if (tables) {
        var grids = panels[p].querySelectorAll("table");
        for (var t = 0; t < grids.length; t++) { leftOut(grids[t]); }
      }
      var bodies = panels[p].querySelectorAll("tbody");
      for (var b = 0; b < bodies.length; b++) {
        if (!bodies[b].querySelector("tr:not(.asked):not(.cut)")) { bodies[b].classList.add("cut"); }
      }
      // A panel left with none of its rows shows nothing rather than a heading alone.
      if (rows.length > 0 && !panels[p].querySelector("tbody tr:not(.cut), li:not(.cut)")) {
        panels[p].classList.add("cut");
      }
    }
  };
  var fitAll = function () {
    if (window.fitStandings && board) { window.fitStandings(board); }
    fit();
  };
  var refit = function () { window.requestAnimationFrame(fitAll); };
  // At once, before the page is first drawn: nothing moves after it is shown.
  fitAll();
  window.addEventListener("resize", refit);
  if (board && live && window.EventSource) {
    var say = function (on, words) { live.className = on ? "live on" : "live off"; live.textContent = words; };
    var connect = function () {
      var source = new EventSource("events");
      source.addEventListener("board", function (e) {
        board.innerHTML = e.data;
        // Drawn at once as the last board was fitted, then measured before the next
        // frame: nothing moves under the reader, and the board is not held up.
        if (window.fitStandings) { window.fitStandings.again(board); }
        refit();
        var top = board.querySelector("[data-title]");
        if (top) { document.title = top.getAttribute("data-title"); }
        say(true, "live: follows every entry");
      });
      source.onerror = function () {
        say(false, "not live: reconnecting…");
        if (source.readyState === 2) { source.close(); window.setTimeout(connect, 5000); }
      };
    };
    connect();
  }
  // The word check: the form's own answer without leaving the page. Without this
  // script the form is submitted as it is and the server answers with the whole page.
  var form = document.getElementById("check");
  var verdict = document.getElementById("verdict");
  var word = document.getElementById("word");
  if (form && verdict && word && window.fetch) {
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var asked = word.value.trim();
      if (!asked) { return; }
      fetch("check?word=" + encodeURIComponent(asked), { headers: { "Accept": "text/html" } })
        .then(function (r) {
          if (r.status === 429) {
            var wait = r.headers.get("Retry-After") || "a few";
            return "<span class=\"checked no\">too many checks from this device: try again in " + wait + " s</span>";
          }
          return r.text();
        })
        .then(function (html) { verdict.innerHTML = html; word.select(); })
        .catch(function () { verdict.textContent = "the scoreboard did not answer; try again"; });
    });
  }
})();
