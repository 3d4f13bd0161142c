// The scorekeeper's page without reloading: a button that completes the line adds to
// it (and never raises the phone's keyboard); a line is sent and what it came to shown
// in place; the standings, the buttons and the history follow every entry, this
// phone's or anyone's; a mark says whether the page is live, and a lost scoreboard or
// a link that no longer records is said at once. Without this script every button is
// the form's own submission, answered by the page.
(() => {
  const form = document.getElementById('keep');
  const line = document.getElementById('line');
  const said = document.getElementById('said');
  const live = document.getElementById('live');
  const lost = document.getElementById('lost');
  const desk = form.querySelector('input[name=desk]');
  const lineId = form.querySelector('input[name=id]');
  const rowsBox = document.getElementById('rows');
  const rowsText = document.getElementById('rows-text');
  // A line that reads rows (Take Two's grid) opens the rows box under the line.
  const blockVerbs = rowsBox ? rowsBox.dataset.verbs.split(' ') : [];
  const openRows = () => {
    if (!rowsBox) return;
    const verb = line.value.trim().split(/\s+/)[0].toLowerCase();
    if (blockVerbs.includes(verb)) rowsBox.open = true;
  };
  line.addEventListener('input', openRows);
  // Each line sent has an id of its own, which the log keeps: a line sent again
  // because no answer came (the scorekeeper's machine stopped mid-line, the network)
  // goes with the same id, and is answered with what it recorded the first time
  // instead of being recorded twice. 128 random bits (crypto.getRandomValues works
  // on a plain http page, where randomUUID does not).
  const freshId = () => {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  };
  // What was sent and got no answer, with its id: sent again unchanged, it keeps it.
  let unanswered = null;
  // The standings (#now), the buttons (#chips) and the entries (#entries) come in one
  // fragment; each is put in its own place.
  const place = (html) => {
    const t = document.createElement('template');
    t.innerHTML = html;
    for (const id of ['now', 'chips', 'entries']) {
      const fresh = t.content.getElementById(id), old = document.getElementById(id);
      if (fresh && old) old.replaceWith(fresh);
    }
    const now = document.getElementById('now');
    if (now && now.dataset.progress !== undefined) {
      document.querySelector('h1 .progress').textContent = now.dataset.progress;
    }
    const chips = document.getElementById('chips');
    if (chips && chips.dataset.example !== undefined) line.placeholder = chips.dataset.example;
    refit();
  };
  // The standings (and a score asked for) show the rounds their box really has room
  // for: drawn at once as they were last fitted, measured before the next frame.
  const fit = () => { if (window.fitStandings) window.fitStandings(document); };
  const refit = () => {
    if (!window.fitStandings) return;
    window.fitStandings.again(document);
    window.requestAnimationFrame(fit);
  };
  fit();
  window.addEventListener('resize', refit);
  // What the page says of itself: live, or why not, in plain words.
  const mark = (on, words) => { live.className = on ? 'live on' : 'live off'; live.textContent = words; };
  const alarm = (words) => {
    lost.textContent = words || '';
    lost.hidden = !words;
  };
  let stale = false;
  const replaced = () => {
    stale = true;
    mark(false, 'not live: this link no longer records');
    alarm('This link no longer records: the scorekeeper replaced its code, or opened another session. Ask them for the new link; nothing more can be sent from this page.');
    for (const b of form.querySelectorAll('button, input')) b.disabled = true;
  };
  const unreachable = 'The scoreboard does not answer: the scorekeeper\'s machine may be off, asleep or off the network, or umpire was stopped. Lines cannot be sent until it is back; this page tries again by itself.';
  // A tap on a button keeps the focus where it was: the keyboard stays down when it
  // was down, and up over the line being typed when it was up.
  document.addEventListener('mousedown', (e) => { if (e.target.closest('button')) e.preventDefault(); });
  document.addEventListener('click', (e) => {
    const b = e.target.closest('button[name=add], button[name=fill]');
    if (!b) return;
    e.preventDefault();
    if (b.name === 'fill') {
      line.value = b.value + ' ';
    } else if (line.value !== '' && line.selectionStart === 0 && line.selectionEnd === line.value.length) {
      // A refused line, still selected whole: a piece starts the next one, as typing
      // would.
      line.value = b.value + (b.value.length === 1 ? '' : ' ');
    } else {
      const v = b.value, t = line.value;
      // One letter (a tile, a blank) joins the word being typed; anything else is a
      // word of its own.
      const joins = v.length === 1 && t !== '' && !t.endsWith(' ');
      line.value = t + (joins || t === '' || t.endsWith(' ') ? '' : ' ') + v + (v.length === 1 ? '' : ' ');
    }
    if (document.activeElement === line) line.setSelectionRange(line.value.length, line.value.length);
    openRows();
  });
  const notSent = (why) => {
    said.innerHTML = '<div class="reply refused"><p class="refused"></p></div>';
    said.querySelector('p').textContent = 'not sent: ' + why;
  };
  let busy = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (busy || stale) return;
    busy = true;
    try {
      const data = new URLSearchParams(new FormData(form, e.submitter));
      data.delete('id');
      const sent = data.toString();
      const id = unanswered && unanswered.sent === sent ? unanswered.id : freshId();
      unanswered = {sent, id};
      data.set('id', id);
      if (lineId) lineId.value = id;
      let res;
      try {
        res = await fetch(form.action, {method: 'POST', body: data,
          headers: {'Accept': 'application/json'}, credentials: 'omit', cache: 'no-store'});
      } catch (err) {
        notSent('the scoreboard did not answer (the scorekeeper\'s machine may be off or off the network); the line is kept: send it again once the mark says live');
        return;
      }
      if (res.status === 403) { replaced(); notSent('this link no longer records; ask the scorekeeper for the new one'); return; }
      const r = res.headers.get('content-type') === 'application/json' ? await res.json() : null;
      if (!r) { notSent((await res.text()).trim() || ('the scoreboard answered ' + res.status)); return; }
      // Answered: the next line is another, with an id of its own.
      unanswered = null;
      if (r.desk) desk.value = r.desk;
      // Nothing said is no reply: the bar goes rather than show empty.
      said.innerHTML = r.said || '';
      if (r.board) place(r.board); else refit();
      line.value = r.line;
      if (rowsText) rowsText.value = r.rows || '';
      // A refused line stays to be put right, selected whole: typing (or a button)
      // starts the next line over it.
      if (r.refused && r.line !== '') line.select();
      openRows();
    } finally {
      busy = false;
    }
  });
  // Anyone's entry (another phone's, the prompt's) changes the board: fetch it again.
  const refresh = async () => {
    if (stale) return;
    try {
      const res = await fetch(form.action + '?board=' + encodeURIComponent(desk.value),
        {credentials: 'omit', cache: 'no-store'});
      if (res.status === 403) replaced();
      else if (res.ok) place(await res.text());
    } catch (err) { /* the stream says when the scoreboard is lost */ }
  };
  if (window.EventSource) {
    const connect = () => {
      const stream = new EventSource('../events');
      stream.onopen = () => {
        if (stale) return;
        mark(true, 'live: follows every entry');
        alarm('');
        refresh();
      };
      stream.addEventListener('board', refresh);
      stream.onerror = () => {
        if (stale) { stream.close(); return; }
        mark(false, 'not live: the scoreboard does not answer');
        alarm(unreachable);
        // A stream refused outright is not tried again by the browser: try later.
        if (stream.readyState === 2) { stream.close(); window.setTimeout(connect, 3000); }
      };
    };
    connect();
  }
})();
