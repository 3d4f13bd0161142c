// The room's page kept live: each change of any table sends the cards again whole.
// On a TV nothing scrolls: a card whose list of totals is longer than it has room for
// shows the rows that fit whole (the leader, first, always) and says how many more.
(function () {
  "use strict";
  var board = document.getElementById("board");
  var live = document.getElementById("live");
  var fit = function () {
    if (!board) { return; }
    var lists = board.querySelectorAll(".card .totals");
    for (var l = 0; l < lists.length; l++) {
      var list = lists[l];
      var rows = list.querySelectorAll("li:not(.more)");
      var more = list.querySelector("li.more");
      if (more) { list.removeChild(more); }
      for (var r = 0; r < rows.length; r++) { rows[r].hidden = false; }
      // A list that scrolls or grows (a phone) holds every row.
      if (list.scrollHeight <= list.clientHeight + 1) { continue; }
      more = document.createElement("li");
      more.className = "more";
      list.appendChild(more);
      var shown = rows.length;
      while (shown > 1 && list.scrollHeight > list.clientHeight + 1) {
        shown -= 1;
        rows[shown].hidden = true;
        more.textContent = "+ " + (rows.length - shown) + " more";
      }
      if (shown === rows.length) { list.removeChild(more); }
    }
  };
  fit();
  window.addEventListener("resize", function () { window.requestAnimationFrame(fit); });
  if (!board || !live || !window.EventSource) { return; }
  var say = function (on, words) { live.className = on ? "live on" : "live off"; live.textContent = words; };
  var connect = function () {
    var source = new EventSource("events");
    source.addEventListener("board", function (e) {
      board.innerHTML = e.data;
      fit();
      var top = board.querySelector("[data-title]");
      if (top) { document.title = top.getAttribute("data-title"); }
      say(true, "live: follows every table");
    });
    source.onerror = function () {
      say(false, "not live: reconnecting…");
      if (source.readyState === 2) { source.close(); window.setTimeout(connect, 5000); }
    };
  };
  connect();
})();
