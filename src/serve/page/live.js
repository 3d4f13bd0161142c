(function () {
  "use strict";
  // The board: each one the event stream sends replaces the one shown. The browser
  // reconnects a dropped stream by itself; a refused one (too many open) is tried
  // again a little later.
  var board = document.getElementById("board");
  var live = document.getElementById("live");
  // On a TV, whose panels are cut where the screen ends, each panel ends on a whole
  // row: a row (or a ruling's heading left without its rows) that would be cut is not
  // drawn. A phone scrolls, and cuts nothing.
  var tv = window.matchMedia ? window.matchMedia("(min-aspect-ratio: 4/3) and (min-width: 900px)") : null;
  var fit = function () {
    if (!board) { return; }
    var cut = board.querySelectorAll(".cut");
    for (var i = 0; i < cut.length; i++) { cut[i].classList.remove("cut"); }
    if (!tv || !tv.matches) { return; }
    var panels = board.querySelectorAll(".col > section:not(.standings)");
    for (var p = 0; p < panels.length; p++) {
      var end = panels[p].getBoundingClientRect().bottom + 0.5;
      var rows = panels[p].querySelectorAll("tr, li");
      for (var r = 0; r < rows.length; r++) {
        var box = rows[r].getBoundingClientRect();
        if (box.height > 0 && box.bottom > end) { rows[r].classList.add("cut"); }
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
      var source = new EventSource("/events");
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
      fetch("/check?word=" + encodeURIComponent(asked), { headers: { "Accept": "text/html" } })
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
