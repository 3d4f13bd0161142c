// The scorekeeper's page without reloading: a button that completes the line adds to
// it where the finger is; a line is sent and its answer shown in place; the standings
// and the history follow every entry, this phone's or anyone's. Without this script
// every button is the form's own submission, answered by the page.
(() => {
  const form = document.getElementById('keep');
  const line = document.getElementById('line');
  const said = document.getElementById('said');
  // The standings (#now) and the entries (#entries) come in one fragment; each is put
  // in its own place.
  const place = (html) => {
    const t = document.createElement('template');
    t.innerHTML = html;
    for (const id of ['now', 'entries']) {
      const fresh = t.content.getElementById(id), old = document.getElementById(id);
      if (fresh && old) old.replaceWith(fresh);
      if (fresh && fresh.dataset.progress !== undefined) {
        document.querySelector('h1 .progress').textContent = fresh.dataset.progress;
      }
    }
  };
  const desk = form.querySelector('input[name=desk]');
  const esc = (s) => s.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
  document.addEventListener('click', (e) => {
    const b = e.target.closest('button[name=add], button[name=fill]');
    if (!b) return;
    e.preventDefault();
    if (b.name === 'fill') {
      line.value = b.value + ' ';
    } else {
      const v = b.value, t = line.value;
      // One letter (a tile, a blank) joins the word being typed; anything else is a
      // word of its own.
      const joins = v.length === 1 && t !== '' && !t.endsWith(' ');
      line.value = t + (joins || t === '' || t.endsWith(' ') ? '' : ' ') + v + (v.length === 1 ? '' : ' ');
    }
    line.focus();
  });
  const show = (r) => {
    let html = '';
    if (r.reply.length) {
      html += '<pre class="' + (r.refused ? 'reply refused' : 'reply') + '">' + esc(r.reply.join('\n')) + '</pre>';
    }
    if (r.question) {
      html += '<p class="question">' + esc(r.question.text) + '</p><div class="answers">' +
        '<button form="keep" name="answer" value="y">yes</button> ' +
        '<button form="keep" name="answer" value="n">no</button></div>';
    }
    said.innerHTML = html;
    if (r.board) place(r.board);
  };
  let busy = false;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (busy) return;
    busy = true;
    const data = new URLSearchParams(new FormData(form, e.submitter));
    try {
      const res = await fetch(form.action, {method: 'POST', body: data,
        headers: {'Accept': 'application/json'}, credentials: 'omit', cache: 'no-store'});
      const r = res.headers.get('content-type') === 'application/json' ? await res.json() : null;
      if (!r) throw new Error((await res.text()).trim() || res.status);
      if (r.desk) desk.value = r.desk;
      show(r);
      line.value = r.line;
    } catch (err) {
      said.innerHTML = '<pre class="reply refused">' + esc('not sent: ' + err) + '</pre>';
    } finally {
      busy = false;
      line.focus();
    }
  });
  // Anyone's entry (another phone's, the prompt's) changes the board: fetch it again.
  const refresh = async () => {
    try {
      const res = await fetch(form.action + '?board=' + encodeURIComponent(desk.value),
        {credentials: 'omit', cache: 'no-store'});
      if (res.ok) place(await res.text());
    } catch (err) { /* the next change tries again */ }
  };
  if (window.EventSource) {
    const live = new EventSource('/events');
    live.addEventListener('board', refresh);
    live.onmessage = refresh;
  }
})();
