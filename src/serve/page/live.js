(function () {
  "use strict";
  // The board: each one the event stream sends replaces the one shown. The browser
  // reconnects a dropped stream by itself; a refused one (too many open) is tried
  // again a little later.
  var board = document.getElementById("board");
  var live = document.getElementById("live");
  if (board && live && window.EventSource) {
    var say = function (on, words) { live.className = on ? "live on" : "live off"; live.textContent = words; };
    var connect = function () {
      var source = new EventSource("/events");
      source.addEventListener("board", function (e) {
        board.innerHTML = e.data;
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
