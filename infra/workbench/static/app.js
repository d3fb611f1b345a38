// Amber Workbench: a page that drives durable Python sessions. Everything
// it says to the server goes through @amber-sandbox/client (sdk/js, served
// at /client/): this file is the page, the client is the protocol. No
// third-party code, no build step at serve time.
import { Pool, RawJSON, PyException, BadRequestError, encodeRequest } from './client/index.js';

(() => {
  const $ = (sel, root = document) => root.querySelector(sel);
  const store = window.sessionStorage;

  // ---------------------------------------------------------------- values

  // parseJSON parses a message, marking numbers written as floats ("1.0",
  // "1e3") so that they print as Python floats. The source text is only
  // visible to revivers in browsers that support it; elsewhere integral
  // floats print as ints.
  function parseJSON(text) {
    return JSON.parse(text, function (key, value, ctx) {
      if (typeof value === 'number' && ctx && typeof ctx.source === 'string' &&
          Number.isInteger(value) && /[.eE]/.test(ctx.source)) {
        return { $pyfloat: value };
      }
      return value;
    });
  }

  // toJSON writes a value parsed by parseJSON back as JSON.
  function toJSON(v, indent) {
    return JSON.stringify(v, (k, x) =>
      (x && typeof x === 'object' && '$pyfloat' in x) ? x.$pyfloat : x, indent);
  }

  function pyStr(s) {
    const q = s.includes("'") && !s.includes('"') ? '"' : "'";
    let out = q;
    for (const ch of s) {
      const c = ch.codePointAt(0);
      if (ch === '\\') out += '\\\\';
      else if (ch === q) out += '\\' + q;
      else if (ch === '\n') out += '\\n';
      else if (ch === '\r') out += '\\r';
      else if (ch === '\t') out += '\\t';
      else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
      else out += ch;
    }
    return out + q;
  }

  function pyBytes(b64) {
    let bin;
    try { bin = atob(b64); } catch (e) { return "b'?'"; }
    let out = "b'";
    for (let i = 0; i < bin.length; i++) {
      const c = bin.charCodeAt(i);
      if (c === 0x5c) out += '\\\\';
      else if (c === 0x27) out += "\\'";
      else if (c === 0x0a) out += '\\n';
      else if (c === 0x0d) out += '\\r';
      else if (c === 0x09) out += '\\t';
      else if (c < 0x20 || c >= 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
      else out += bin[i];
    }
    return out + "'";
  }

  function pyFloat(n) {
    if (Number.isInteger(n) && Math.abs(n) < 1e16) return n.toFixed(1);
    // Python writes at least two exponent digits: 1e-07, 1e+21.
    return String(n).replace(/e([+-])(\d)$/, (m, sign, d) => 'e' + sign + '0' + d);
  }

  // py renders a value of the wire encoding the way Python's repr would.
  function py(v) {
    if (v === null || v === undefined) return 'None';
    if (v === true) return 'True';
    if (v === false) return 'False';
    if (typeof v === 'number') return Number.isInteger(v) ? String(v) : pyFloat(v);
    if (typeof v === 'string') return pyStr(v);
    if (Array.isArray(v)) return '[' + v.map(py).join(', ') + ']';
    if (typeof v !== 'object') return String(v);
    if ('$pyfloat' in v) return pyFloat(v.$pyfloat);
    if ('$int' in v) return String(v.$int);
    if ('$float' in v) return String(v.$float);
    if ('$bytes' in v) return pyBytes(v.$bytes);
    if ('$tuple' in v) {
      const t = v.$tuple || [];
      return t.length === 1 ? '(' + py(t[0]) + ',)' : '(' + t.map(py).join(', ') + ')';
    }
    if ('$set' in v) return (v.$set || []).length ? '{' + v.$set.map(py).join(', ') + '}' : 'set()';
    if ('$frozenset' in v) {
      const s = v.$frozenset || [];
      return s.length ? 'frozenset({' + s.map(py).join(', ') + '})' : 'frozenset()';
    }
    if ('$dict' in v) return '{' + (v.$dict || []).map(([k, x]) => py(k) + ': ' + py(x)).join(', ') + '}';
    if ('$exception' in v) {
      const e = v.$exception || {};
      return (e.type || 'Exception') + '(' + (e.message ? pyStr(e.message) : '') + ')';
    }
    if ('$host' in v) return '<host object ' + v.$host + '>';
    if ('$repr' in v) return String(v.$repr);
    return '{' + Object.keys(v).map((k) => pyStr(k) + ': ' + py(v[k])).join(', ') + '}';
  }

  // ---------------------------------------------------------------- format

  function fmtBytes(n) {
    if (typeof n !== 'number' || !isFinite(n)) return '–';
    if (n < 1024) return n + ' B';
    const units = ['KB', 'MB', 'GB', 'TB'];
    let u = -1;
    do { n /= 1024; u++; } while (n >= 1024 && u < units.length - 1);
    return (n < 10 ? n.toFixed(1) : Math.round(n)) + ' ' + units[u];
  }

  function pct(f) {
    const p = 100 * f;
    return (p > 0 && p < 10 ? p.toFixed(1) : String(Math.round(p))) + '%';
  }

  function fmtTime(s) {
    if (!s) return '–';
    const d = new Date(s);
    if (isNaN(d)) return s;
    const pad = (x) => String(x).padStart(2, '0');
    return d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) + ' ' +
      pad(d.getHours()) + ':' + pad(d.getMinutes()) + ':' + pad(d.getSeconds());
  }

  function fmtCPU(ms) {
    if (typeof ms !== 'number' || !isFinite(ms)) return '–';
    if (ms < 1) return Math.round(ms * 1000) + ' µs';
    if (ms < 1000) return ms.toFixed(ms < 10 ? 2 : 1) + ' ms';
    return (ms / 1000).toFixed(2) + ' s';
  }

  function fmtDuration(us) {
    if (typeof us !== 'number') return '–';
    if (us < 1000) return us + ' µs';
    if (us < 1e6) return (us / 1000).toFixed(us < 1e4 ? 2 : 1) + ' ms';
    return (us / 1e6).toFixed(2) + ' s';
  }

  // hexID is an id as hex: ids that are hex already stay as they are,
  // anything else is the hex of its UTF-8 bytes.
  function hexID(id) {
    if (/^[0-9a-fA-F]+$/.test(id)) return id.toLowerCase();
    return Array.from(new TextEncoder().encode(id), (b) => b.toString(16).padStart(2, '0')).join('');
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  async function copyText(text, status) {
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = 'copied';
    } catch (e) {
      // No clipboard permission (plain http, headless): select it instead.
      const input = el('input', { value: text, readonly: true, 'aria-label': 'id as hex', class: 'copy-field' });
      status.replaceChildren(input, ' press Ctrl+C');
      input.focus();
      input.select();
    }
    status.dataset.copied = text;
  }

  // ---------------------------------------------------------------- client

  // Client is the page's link to the server: a Pool of @amber-sandbox/client
  // on the endpoint and key the page keeps, and the status line. The pool
  // does the protocol (ids, resends after a drop, parts, running, errors).
  class Client {
    constructor(onStatus) {
      this.onStatus = onStatus;
      this.pool = null;
      this.connecting = null;
      this.onClosed = null;
      this.earlier = 0; // requests of pools replaced by a reconnect
    }

    // seq counts the requests the page sent (the tests read it).
    get seq() { return this.earlier + (this.pool ? this.pool.requestCount : 0); }

    url() {
      const base = (store.getItem('amber.endpoint') || '').trim();
      if (!base) return (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/';
      return new URL(base, location.href).toString();
    }

    status(s) {
      switch (s.state) {
        case 'connecting': this.onStatus('connecting…', 'busy'); break;
        case 'connected': this.onStatus('connected', 'ok'); break;
        case 'failed': this.onStatus('cannot connect' + (s.code ? ' (' + s.code + ')' : ''), 'error'); break;
        case 'gateway_error': this.onStatus('connected; the server said: ' + s.message, 'error'); break;
        case 'disconnected':
          this.onStatus('disconnected' + (s.code ? ' (' + s.code + (s.reason ? ': ' + s.reason : '') + ')' : ''), 'idle');
          if (this.onClosed) this.onClosed();
          break;
      }
    }

    // connect opens a new pool on the stored endpoint and key, closing the
    // old one (whose ephemeral sessions die with it).
    connect() {
      const old = this.pool;
      this.pool = null;
      if (old) {
        this.earlier += old.requestCount;
        old.close().catch(() => {});
        if (this.onClosed) this.onClosed();
      }
      let url;
      try { url = this.url(); } catch (e) {
        this.onStatus('bad endpoint', 'error');
        return Promise.reject(e);
      }
      const apiKey = store.getItem('amber.key') || undefined;
      const opening = Pool.connect(url, { apiKey, onStatus: (s) => this.status(s) });
      this.connecting = opening;
      return opening.then((pool) => {
        if (this.connecting === opening) { this.pool = pool; this.connecting = null; } else pool.close().catch(() => {});
        return pool;
      }, (e) => {
        if (this.connecting === opening) this.connecting = null;
        throw e;
      });
    }

    // ready is the pool, connecting first if there is none.
    ready() {
      if (this.pool) return Promise.resolve(this.pool);
      if (this.connecting) return this.connecting;
      return this.connect();
    }
  }

  // parseVolumes reads a pane's volume option, "/data=notes, /in=inputs",
  // as the checkout's volumes (sandbox path -> volume name). The client
  // checks the names and paths; a malformed entry is refused here.
  function parseVolumes(text) {
    const out = {};
    for (const part of text.split(',').map((x) => x.trim()).filter(Boolean)) {
      const m = /^(\/[^=\s]*)\s*=\s*(\S+)$/.exec(part);
      if (!m) throw new BadRequestError('bad_request', 'volumes: ' + JSON.stringify(part) + ' is not /path=name');
      out[m[1]] = m[2];
    }
    return out;
  }

  // ---------------------------------------------------------------- panes

  const loaderFor = (kind) => (kind === 'suspended_snapshot' ? 'load_snapshot' : 'load_session');
  let paneCount = 0;

  class Pane {
    constructor(app) {
      this.app = app;
      this.n = ++paneCount;
      this.session = '';
      this.s = null; // the client's Session
      this.pendingCall = null; // the progress paused at, a client snapshot
      const root = $('#pane-template').content.firstElementChild.cloneNode(true);
      this.root = root;
      root.dataset.pane = String(this.n);
      const title = $('.pane-title', root);
      title.id = 'pane-title-' + this.n;
      title.textContent = 'Pane ' + this.n;
      root.setAttribute('aria-labelledby', title.id);
      for (const [cls, label] of [['.code', 'Code'], ['.output', 'Output']]) {
        $(cls, root).setAttribute('aria-label', label + ', pane ' + this.n);
      }
      $('.remove-pane', root).setAttribute('aria-label', 'Remove pane ' + this.n);
      this.out = $('.output', root);

      $('.checkout', root).addEventListener('click', () => this.guard(() => this.checkout()));
      $('.feed', root).addEventListener('submit', (e) => { e.preventDefault(); this.guard(() => this.run()); });
      $('.code', root).addEventListener('keydown', (e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); this.guard(() => this.run()); }
      });
      $('.answer', root).addEventListener('submit', (e) => { e.preventDefault(); this.guard(() => this.resume()); });
      $('.answer', root).addEventListener('change', () => this.answerMode());
      $('.answer-json', root).addEventListener('keydown', (e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); this.guard(() => this.resume()); }
      });
      $('.dump', root).addEventListener('click', () => this.guard(() => this.dump()));
      $('.fork', root).addEventListener('click', () => this.fork());
      $('.copy-hex', root).addEventListener('click', () => copyText(hexID(this.snapshot), $('.copy-status', root)));
      $('.history-btn', root).addEventListener('click', () => this.app.showHistory(this.session));
      $('.close-session', root).addEventListener('click', () => this.guard(() => this.close()));
      $('.remove-pane', root).addEventListener('click', () => this.app.removePane(this));
      app.panes.append(root);
    }

    focus() { $('.code', this.root).focus(); }

    // guard runs one action at a time and shows what fails.
    async guard(fn) {
      if (this.busy) return;
      this.setBusy(true);
      try { await fn(); } catch (e) { this.showError(e); } finally { this.setBusy(false); }
    }

    // setBusy marks the pane busy. Buttons are marked aria-disabled, not
    // disabled, so that the focus stays where the keyboard left it; guard
    // ignores them meanwhile.
    setBusy(b) {
      this.busy = b;
      this.root.setAttribute('aria-busy', b ? 'true' : 'false');
      for (const sel of ['.run', '.resume', '.checkout', '.dump', '.close-session', '.fork']) {
        $(sel, this.root).setAttribute('aria-disabled', b ? 'true' : 'false');
      }
      if (!b) this.refreshButtons();
    }

    refreshButtons() {
      const has = !!this.session;
      $('.checkout', this.root).disabled = has;
      $('.ephemeral', this.root).disabled = has;
      // The volumes are fixed at checkout: the option goes once there is a session.
      $('.volumes', this.root).disabled = has;
      $('.volumes-opt', this.root).hidden = has;
      $('.dump', this.root).disabled = !has;
      $('.history-btn', this.root).disabled = !has;
      $('.close-session', this.root).disabled = !has;
    }

    setState(state) {
      const badge = $('.state', this.root);
      badge.textContent = state;
      badge.dataset.state = state;
    }

    setSession(id, ephemeral, session) {
      this.session = id;
      this.s = session || null;
      this.ephemeral = ephemeral;
      const sid = $('.sid', this.root);
      sid.textContent = id || 'no session yet';
      if (ephemeral) $('.ephemeral', this.root).checked = true;
      this.setState(id ? 'idle' : 'new');
      this.refreshButtons();
    }

    // hooks are the feed options of the pane: output streams into it, and
    // each slice of a long step shows its stats.
    hooks(extra) {
      return Object.assign({
        printCallback: (stream, text) => this.print({ event: 'print', stream, text }),
        onRunning: (st) => { this.stats(st, 'running: '); this.setState('running'); },
      }, extra);
    }

    async checkout() {
      const ephemeral = $('.ephemeral', this.root).checked;
      const volumes = parseVolumes($('.volumes', this.root).value);
      const opts = ephemeral ? { ephemeral: true } : {};
      if (Object.keys(volumes).length) opts.volumes = volumes;
      const pool = await this.app.client.ready();
      const s = await pool.checkout(opts);
      this.setSession(s.id, ephemeral, s);
      this.mountsVolumes = Object.keys(volumes).length > 0;
      const mounted = Object.entries(volumes).map(([path, name]) => path + ' → ' + name).join(', ');
      this.note('checked out ' + s.id + (ephemeral ? ' (ephemeral)' : '') + (mounted ? ' with volumes ' + mounted : ''));
      this.app.snapshotsChanged();
      if (mounted) this.app.volumes.changed();
    }

    // load checks out a fresh session and loads id into it.
    async load(id, loader) {
      await this.checkout();
      this.note(loader + ' ' + id);
      let p = null;
      if (loader === 'load_snapshot') p = await this.s.loadSnapshot(id, this.hooks());
      else await this.s.loadSession(id);
      this.loadedFrom = id;
      const origin = $('.origin', this.root);
      origin.textContent = (this.forkOf ? 'fork of ' + this.forkOf + ': ' : '') +
        (loader === 'load_snapshot' ? 'from suspended snapshot ' : 'loaded from ') + id;
      origin.hidden = false;
      if (p) await this.progress(p);
      else this.note('loaded');
      this.app.snapshotsChanged();
    }

    async run() {
      const code = $('.code', this.root).value;
      if (!code.trim()) return;
      if (this.pendingCall) {
        this.note('this session is paused at a host call: answer it first');
        return;
      }
      if (!this.session) await this.checkout();
      const functions = $('.functions', this.root).value.split(/[\s,]+/).filter(Boolean);
      // Host functions are declared, and answered by hand.
      const opts = this.hooks({ externalFunctions: Object.fromEntries(functions.map((f) => [f, null])) });
      if ($('.lookup', this.root).checked) opts.lookup = true;
      this.echo(code);
      this.setState('running');
      const p = await this.s.feedStart(code, opts).catch((e) => { this.setState('idle'); throw e; });
      await this.progress(p);
    }

    // progress shows where a feed stands (the client already continued a
    // step that ran past the server's step budget).
    async progress(p) {
      const r = p.reply;
      this.endPause();
      switch (r.progress) {
        case 'complete':
          this.setState('idle');
          this.result(r);
          break;
        case 'function_call':
        case 'name_lookup':
        case 'futures':
          this.setState('suspended');
          this.pause(p);
          break;
        default:
          this.setState('idle');
          if (r.progress) this.note('progress: ' + r.progress);
      }
      this.stats(r.stats);
      this.app.snapshotsChanged();
      if (this.mountsVolumes) this.app.volumes.changed();
    }

    endPause() {
      this.pendingCall = null;
      $('.pending', this.root).hidden = true;
    }

    pause(p) {
      const r = p.reply;
      this.pendingCall = p;
      const sec = $('.pending', this.root);
      const title = $('.pending-title', sec);
      const call = $('.call', sec);
      const raw = $('.call-raw', sec);
      if (r.progress === 'function_call') {
        const args = (r.args || []).map(py);
        for (const [k, v] of Object.entries(r.kwargs || {})) args.push(k + '=' + py(v));
        const who = r.os_call ? 'OS call ' + r.os_call : (r.object_id ? 'method of host object ' + r.object_id : 'host function');
        title.textContent = 'Paused at a ' + who + ' (call ' + r.call_id + ')';
        call.textContent = (r.function || r.os_call || '?') + '(' + args.join(', ') + ')';
        raw.textContent = toJSON({ function: r.function, args: r.args || [], kwargs: r.kwargs || {} }, 2);
      } else if (r.progress === 'name_lookup') {
        title.textContent = 'Paused at a name lookup';
        call.textContent = r.name;
        raw.textContent = toJSON({ name: r.name }, 2);
      } else {
        title.textContent = 'Waiting for host futures';
        call.textContent = 'pending calls: ' + (r.pending || []).join(', ');
        raw.textContent = toJSON({ pending: r.pending || [] }, 2);
      }
      $('.answer-json', sec).value = r.progress === 'futures'
        ? toJSON(Object.fromEntries((r.pending || []).map((id) => [String(id), null])), 0) : 'null';
      $('.value-label', sec).textContent = r.progress === 'futures'
        ? 'Results: call id → value (JSON, in the value encoding)' : 'Value (JSON, in the value encoding)';
      $('.answer input[value=value]', sec).checked = true;
      sec.hidden = false;
      this.answerMode();
      this.note(title.textContent + ': ' + call.textContent);
    }

    answerMode() {
      const mode = $('.answer input[name=mode]:checked', this.root).value;
      $('.answer-value', this.root).hidden = mode !== 'value';
      $('.answer-error', this.root).hidden = mode !== 'error';
    }

    async resume() {
      const p0 = this.pendingCall;
      if (!p0) return;
      const r0 = p0.reply;
      const mode = $('.answer input[name=mode]:checked', this.root).value;
      const text = $('.answer-json', this.root).value.trim() || 'null';
      // A value typed by hand goes on the wire as typed (RawJSON), so big
      // ints and float digits keep their form.
      let value;
      if (mode === 'value') {
        try { value = new RawJSON(text); } catch (e) {
          throw new BadRequestError('bad_request', 'the value is not JSON: ' + e.message.replace(/^RawJSON: the text is not JSON: /, ''));
        }
      }
      const exception = new PyException($('.exc-type', this.root).value.trim() || 'Exception', $('.exc-message', this.root).value);
      let answer;
      if (r0.progress === 'futures') {
        const parsed = value ? JSON.parse(value.text) : null;
        const results = new Map();
        for (const id of p0.pendingCallIds) {
          results.set(id, mode === 'value'
            ? new RawJSON(JSON.stringify(parsed && typeof parsed === 'object' && String(id) in parsed ? parsed[String(id)] : null))
            : exception);
        }
        answer = () => p0.resume(results);
      } else if (mode === 'value') answer = () => p0.resume(value);
      else if (mode === 'error') answer = () => p0.resumeError(exception);
      else answer = () => p0.resumeNotHandled();
      this.note('answer: ' + (mode === 'value' ? text : mode === 'error' ? exception.type + '(' + pyStr(exception.message) + ')' : 'not handled'));
      let r;
      try {
        r = await answer();
      } catch (e) {
        // An exception that ends the step (or a call resumed elsewhere)
        // leaves nothing to answer; other errors keep the call pending.
        if (['python', 'syntax', 'limit', 'already_resumed', 'unknown_session'].includes(e.kind)) this.endPause();
        throw e;
      }
      await this.progress(r);
      if (!this.pendingCall) this.focus();
    }

    async dump() {
      const id = await (this.pendingCall ? this.pendingCall.dump() : this.s.dump());
      const r = { snapshot: new TextDecoder().decode(id) };
      this.snapshot = r.snapshot;
      this.snapshotKind = this.pendingCall ? 'suspended_snapshot' : 'session_dump';
      const sec = $('.dumped', this.root);
      $('.snap-id', sec).textContent = r.snapshot;
      $('.copy-status', sec).textContent = '';
      sec.hidden = false;
      this.note('dumped: ' + r.snapshot + (this.pendingCall ? ' (suspended snapshot)' : ''));
      this.app.snapshotsChanged();
    }

    fork() {
      if (!this.snapshot) return;
      const p = this.app.openLoaded(this.snapshot, loaderFor(this.snapshotKind));
      p.forkOf = 'Pane ' + this.n;
    }

    async close() {
      await this.s.close();
      this.note('closed ' + this.session + ' (still loadable by its id)');
      this.endPause();
      this.setSession('', false);
      $('.ephemeral', this.root).checked = false;
      this.app.snapshotsChanged();
    }

    // ---- output

    append(node) {
      this.out.append(node);
      this.out.scrollTop = this.out.scrollHeight;
    }

    echo(code) {
      const lines = code.replace(/\n+$/, '').split('\n');
      this.append(el('pre', { class: 'in', text: lines.map((l, i) => (i ? '... ' : '>>> ') + l).join('\n') }));
    }

    print(ev) {
      if (ev.event !== 'print') return;
      const last = this.out.lastElementChild;
      const cls = 'print ' + (ev.stream === 'stderr' ? 'stderr' : 'stdout');
      if (last && last.className === cls) last.textContent += ev.text;
      else this.append(el('pre', { class: cls, text: ev.text }));
    }

    result(r) {
      let text = r.repr;
      if (text === undefined || text === '') text = r.value === undefined ? 'None' : py(r.value);
      if (text === 'None' && (r.value === undefined || r.value === null)) {
        this.append(el('pre', { class: 'value none', text: 'None', 'aria-label': 'value None' }));
      } else {
        this.append(el('pre', { class: 'value', text }));
      }
    }

    note(text) { this.append(el('p', { class: 'note', text })); }

    // stats shows what a committed step wrote: content addressing at work.
    stats(st, prefix = '') {
      if (!st) return;
      const parts = [];
      if (st.version) parts.push('v' + st.version);
      parts.push((st.dirty_pages || 0) + ' dirty page' + (st.dirty_pages === 1 ? '' : 's'));
      parts.push(fmtBytes(st.bytes_written || 0) + ' written');
      if (st.duration_us) parts.push(fmtDuration(st.duration_us));
      if (st.cpu_ms) parts.push(fmtCPU(st.cpu_ms) + ' CPU');
      this.append(el('p', { class: 'note stats', text: prefix + 'step ' + parts.join(' · ') }));
    }

    showError(e) {
      const kind = e.kind || 'error';
      let text = e.traceback || ((e.type ? e.type + ': ' : '') + (e.message || String(e)));
      if (e.traceback && e.type && !e.traceback.includes(e.type)) text += '\n' + e.type + ': ' + e.message;
      const box = el('div', { class: 'error', role: 'alert' },
        el('p', { class: 'error-kind', text: 'error: ' + kind }),
        el('pre', { class: 'traceback', tabindex: '0', text }));
      this.append(box);
      if (this.pendingCall) this.setState('suspended');
      else if (this.session) this.setState('idle');
    }
  }

  // ---------------------------------------------------------------- volumes

  // Volumes is the panel of the project's hosted volumes: their sizes,
  // a selected volume's files, upload, download and delete. All of it is
  // the client's volume methods; a file goes up and down in the pieces the
  // client cuts (a browser frame holds 32 KB).
  class Volumes {
    constructor(app) {
      this.app = app;
      this.list = [];
      this.selected = '';
      this.files = [];
      this.urls = [];
      $('#vol-refresh').addEventListener('click', () => this.refresh());
      $('#vol-upload-form').addEventListener('submit', (e) => { e.preventDefault(); this.upload(); });
    }

    pool() { return this.app.client.ready(); }

    status(text) { $('#vol-status').textContent = text; }

    // error shows what failed in the panel, with the protocol's kind
    // (not_found, too_large, quota, conflict, ...).
    error(what, e) {
      const box = $('#vol-error');
      const kind = (e && e.kind) || 'error';
      box.replaceChildren(
        el('span', { class: 'error-kind', text: kind }), ' ',
        el('span', { text: what + ': ' + ((e && e.message) || String(e)) }));
      box.dataset.kind = kind;
      box.hidden = false;
    }

    clearError() {
      const box = $('#vol-error');
      box.hidden = true;
      box.dataset.kind = '';
      box.replaceChildren();
    }

    // changed refreshes soon: a step of a pane that mounts volumes may
    // have written them.
    changed() {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.refresh(), 150);
    }

    async refresh() {
      try {
        const pool = await this.pool();
        this.list = await pool.volumeList();
        this.list.sort((a, b) => a.name.localeCompare(b.name));
        this.render();
        this.status(this.list.length + ' volume' + (this.list.length === 1 ? '' : 's'));
        if (this.selected && this.list.some((v) => v.name === this.selected)) await this.loadFiles();
        else if (this.selected) this.select('');
        const table = $('#vol-table');
        table.dataset.generation = String(Number(table.dataset.generation || 0) + 1);
      } catch (e) {
        this.error('cannot list volumes', e);
      }
    }

    render() {
      const body = $('#vol-body');
      body.replaceChildren(...this.list.map((v) => this.row(v)));
      if (!this.list.length) {
        body.append(el('tr', {}, el('td', { colspan: '6', class: 'muted', text: 'no volumes yet: mount one at checkout (a pane\'s Volumes, e.g. /data=notes)' })));
      }
    }

    row(v) {
      const del = confirmButton('Delete', 'Delete volume ' + v.name, () => this.deleteVolume(v.name));
      del.classList.add('delete-volume');
      return el('tr', { 'data-name': v.name, class: v.name === this.selected ? 'selected' : null, 'aria-selected': v.name === this.selected ? 'true' : 'false' },
        el('td', { 'data-label': 'Name' }, el('code', { class: 'id', title: v.name, text: v.name })),
        el('td', { class: 'num size', 'data-label': 'Size', title: (v.bytes || 0) + ' bytes', text: fmtBytes(v.bytes || 0) }),
        el('td', { class: 'num files', 'data-label': 'Files', text: String(v.files || 0) }),
        el('td', { class: 'num version', 'data-label': 'Version', text: String(v.version || 0) }),
        el('td', { 'data-label': 'Updated', title: v.updated || '', text: fmtTime(v.updated) }),
        el('td', { class: 'actions' },
          el('button', { type: 'button', class: 'open', 'aria-label': 'Files of ' + v.name, text: 'Files', onclick: () => this.select(v.name) }),
          el('button', { type: 'button', class: 'mount', 'aria-label': 'Mount ' + v.name + ' at /data in a new pane', text: 'Mount in pane', onclick: () => this.mount(v.name) }),
          del));
    }

    async select(name) {
      this.selected = name;
      this.clearError();
      for (const tr of document.querySelectorAll('#vol-body tr[data-name]')) {
        const on = tr.dataset.name === name;
        tr.classList.toggle('selected', on);
        tr.setAttribute('aria-selected', on ? 'true' : 'false');
      }
      const sec = $('#vol-files');
      sec.hidden = !name;
      if (!name) { this.files = []; return; }
      $('#vol-files-heading').textContent = 'Files of ' + name;
      await this.loadFiles();
    }

    async loadFiles() {
      const name = this.selected;
      try {
        const r = await (await this.pool()).volumeList(name);
        if (this.selected !== name) return;
        this.files = r.files;
        this.version = r.version;
        this.renderFiles();
        const body = $('#vol-file-body');
        body.dataset.generation = String(Number(body.dataset.generation || 0) + 1);
      } catch (e) {
        this.error('cannot list the files of ' + name, e);
      }
    }

    renderFiles() {
      const body = $('#vol-file-body');
      for (const u of this.urls) URL.revokeObjectURL(u);
      this.urls = [];
      body.replaceChildren(...this.files.map((f) => this.fileRow(f)));
      if (!this.files.length) body.append(el('tr', {}, el('td', { colspan: '3', class: 'muted', text: 'no files' })));
    }

    fileRow(f) {
      const link = el('a', { class: 'saved', hidden: true });
      const del = confirmButton('Delete', 'Delete ' + f.path, () => this.deleteFile(f.path));
      del.classList.add('delete-file');
      return el('tr', { 'data-path': f.path },
        el('td', { 'data-label': 'Path' }, el('code', { text: f.path })),
        el('td', { class: 'num size', 'data-label': 'Size', title: f.size + ' bytes', text: fmtBytes(f.size) }),
        el('td', { class: 'actions' },
          el('button', { type: 'button', class: 'download', 'aria-label': 'Download ' + f.path, text: 'Download', onclick: () => this.download(f.path, link) }),
          link, del));
    }

    // download reads the file through the client and saves it from a Blob
    // link (which stays in the row, for a second save).
    async download(path, link) {
      const name = this.selected;
      this.clearError();
      try {
        const r = await (await this.pool()).volumeRead(name, path);
        const url = URL.createObjectURL(new Blob([r.data], { type: 'application/octet-stream' }));
        this.urls.push(url);
        link.href = url;
        link.download = path.split('/').pop();
        link.textContent = 'Save again';
        link.hidden = false;
        link.click();
        this.status('downloaded ' + path + ' (' + fmtBytes(r.size) + ', version ' + r.version + ')');
      } catch (e) {
        this.error('cannot download ' + path, e);
      }
    }

    async upload() {
      const name = this.selected;
      const input = $('#vol-file');
      const file = input.files && input.files[0];
      if (!name || !file) return;
      const path = $('#vol-path').value.trim().replace(/^\/+/, '') || file.name;
      this.clearError();
      // Past the project's quota as the page last saw it, refuse before a
      // piece is written (the server checks again on every piece).
      const q = this.app.quota;
      if (q && q.limit && (q.used || 0) + file.size > q.limit) {
        this.error('cannot upload ' + path, { kind: 'quota', message: fmtBytes(file.size) + ' would pass the project\'s quota (' + fmtBytes(q.used || 0) + ' of ' + fmtBytes(q.limit) + ' used); nothing was written' });
        return;
      }
      const existed = this.files.some((f) => f.path === path);
      const button = $('#vol-upload');
      button.setAttribute('aria-disabled', 'true');
      this.status('uploading ' + path + ' (' + fmtBytes(file.size) + ')…');
      try {
        const data = new Uint8Array(await file.arrayBuffer());
        const version = await (await this.pool()).volumeWrite(name, path, data);
        this.status('uploaded ' + path + ' (' + fmtBytes(data.length) + ') as version ' + version);
        input.value = '';
        $('#vol-path').value = '';
        await this.refresh();
        this.app.snapshotsChanged(); // the quota counts volume bytes
      } catch (e) {
        this.status('');
        // A large file goes in pieces, and the pieces before a failure are
        // written: a new file is deleted again, so that no truncated copy
        // stays; a file it replaced holds what arrived, and the message says so.
        let after = '';
        if (file.size > 16 * 1024) {
          if (!existed) {
            try { await (await this.pool()).volumeDelete(name, path); after = '; nothing was kept'; } catch (e2) { if (e2.kind !== 'not_found') after = '; a part of it may be written'; }
          } else after = '; the file may now hold only the part that arrived: upload it again';
        }
        await this.refresh();
        this.error('cannot upload ' + path, { kind: e.kind, message: (e.message || String(e)) + after });
      } finally {
        button.setAttribute('aria-disabled', 'false');
      }
    }

    async deleteFile(path) {
      const name = this.selected;
      this.clearError();
      try {
        await (await this.pool()).volumeDelete(name, path);
        this.status('deleted ' + path + ' from ' + name);
        await this.refresh();
        this.app.snapshotsChanged();
      } catch (e) {
        this.error('cannot delete ' + path, e);
      }
    }

    async deleteVolume(name) {
      this.clearError();
      try {
        await (await this.pool()).volumeDelete(name);
        if (this.selected === name) this.select('');
        this.status('deleted volume ' + name);
        await this.refresh();
        this.status('deleted volume ' + name);
        this.app.snapshotsChanged();
      } catch (e) {
        this.error('cannot delete volume ' + name, e);
      }
    }

    // mount opens a new pane that checks out a session with the volume at /data.
    mount(name) {
      const p = this.app.addPane();
      $('.volumes', p.root).value = '/data=' + name;
      p.root.scrollIntoView({ block: 'nearest' });
      p.guard(() => p.checkout()).then(() => p.focus());
      return p;
    }
  }

  // confirmButton is a delete button that asks once more: the first click
  // arms it ("Confirm delete"), the second within 5 s acts.
  function confirmButton(text, label, act) {
    const b = el('button', { type: 'button', class: 'danger', 'aria-label': label, text });
    b.addEventListener('click', () => {
      if (b.dataset.armed !== '1') {
        b.dataset.armed = '1';
        b.textContent = 'Confirm delete';
        setTimeout(() => { if (b.isConnected) { b.dataset.armed = ''; b.textContent = text; } }, 5000);
        return;
      }
      act();
    });
    return b;
  }

  // ---------------------------------------------------------------- app

  class App {
    constructor() {
      this.panes = $('#panes');
      this.list = [];
      this.snapshots = [];
      this.sort = { key: 'created', dir: -1 };
      this.client = new Client((text, kind) => {
        const s = $('#conn-status');
        s.textContent = text;
        s.dataset.kind = kind;
      });

      // Ephemeral sessions live as long as their connection.
      this.client.onClosed = () => {
        for (const p of this.list) {
          if (!p.session || !p.ephemeral) continue;
          p.note('the connection closed, so ephemeral session ' + p.session + ' is gone');
          p.endPause();
          p.setSession('', false);
        }
      };

      $('#endpoint').value = store.getItem('amber.endpoint') || '';
      $('#api-key').value = store.getItem('amber.key') || '';
      $('#connect-form').addEventListener('submit', (e) => {
        e.preventDefault();
        store.setItem('amber.endpoint', $('#endpoint').value.trim());
        store.setItem('amber.key', $('#api-key').value);
        this.client.connect().then(() => { this.refreshSnapshots(); this.volumes.refresh(); this.refreshUsage(); }, () => {});
      });
      $('#new-pane').addEventListener('click', () => this.addPane().focus());
      $('#load-form').addEventListener('submit', (e) => {
        e.preventDefault();
        const id = $('#load-id').value.trim();
        if (id) this.openLoaded(id, $('#load-as').value);
      });
      $('#snap-refresh').addEventListener('click', () => this.refreshSnapshots());
      $('#snap-filter').addEventListener('change', () => this.renderSnapshots());
      for (const th of document.querySelectorAll('#snap-table th[data-key]')) {
        $('button', th).addEventListener('click', () => {
          const key = th.dataset.key;
          this.sort = { key, dir: this.sort.key === key ? -this.sort.dir : 1 };
          this.renderSnapshots();
        });
      }
      $('#history-form').addEventListener('submit', (e) => {
        e.preventDefault();
        this.showHistory($('#history-id').value.trim(), false);
      });

      $('#usage-refresh').addEventListener('click', () => this.refreshUsage());
      $('#usage-days').addEventListener('change', () => this.refreshUsage());
      // The trace URL template is a setting of this browser, not a secret.
      $('#trace-url').value = window.localStorage.getItem('amber.traceURL') || '';
      $('#trace-url').addEventListener('change', () => {
        window.localStorage.setItem('amber.traceURL', $('#trace-url').value.trim());
        this.renderHistory(this.historySteps || []);
      });

      this.volumes = new Volumes(this);
      this.addPane();
      this.client.connect().then(() => { this.refreshSnapshots(); this.volumes.refresh(); this.refreshUsage(); }, () => {});
    }

    addPane() {
      const p = new Pane(this);
      this.list.push(p);
      return p;
    }

    removePane(p) {
      this.list = this.list.filter((x) => x !== p);
      p.root.remove();
      if (!this.list.length) this.addPane();
      this.list[this.list.length - 1].focus();
    }

    // openLoaded loads id into a new pane, beside the others.
    openLoaded(id, loader) {
      const p = this.addPane();
      p.root.scrollIntoView({ block: 'nearest' });
      p.guard(() => p.load(id, loader)).then(() => p.focus());
      return p;
    }

    snapshotsChanged() {
      clearTimeout(this.refreshTimer);
      this.refreshTimer = setTimeout(() => { this.refreshSnapshots(); this.refreshUsage(); }, 150);
    }

    // refreshUsage shows the project's usage per UTC day: steps and CPU
    // time as charts, today's against the daily caps as bars.
    async refreshUsage() {
      const status = $('#usage-status');
      try {
        const u = await (await this.client.ready()).usage(Number($('#usage-days').value) || 0);
        this.renderUsage(u);
        const t = u.totals;
        status.textContent = t.steps + ' step' + (t.steps === 1 ? '' : 's') + ', ' + fmtCPU(t.cpu_ms) + ' CPU, ' +
          fmtBytes(t.bytes_written) + ' written, ' + t.gb_hours.toFixed(4) + ' GB-hours stored in ' + u.days.length + ' days';
        const sec = $('section.usage');
        sec.dataset.generation = String(Number(sec.dataset.generation || 0) + 1);
      } catch (e) {
        status.textContent = 'cannot show usage: ' + (e.message || e);
      }
    }

    renderUsage(u) {
      const today = u.days[u.days.length - 1] || { steps: 0, cpu_ms: 0 };
      const bar = (meter, text, used, cap, fmt, unit) => {
        if (cap > 0) {
          meter.max = cap;
          meter.value = Math.min(used, cap);
          meter.high = cap * 0.8;
          meter.classList.toggle('over', used >= cap);
          text.textContent = fmt(used) + ' of ' + fmt(cap) + unit + ' (' + pct(used / cap) + ')';
        } else {
          meter.max = 1;
          meter.value = 0;
          meter.classList.remove('over');
          text.textContent = fmt(used) + unit + ', no cap';
        }
        meter.hidden = !(cap > 0);
      };
      bar($('#usage-steps-meter'), $('#usage-steps-text'), today.steps, u.caps.max_steps_per_day, String, ' steps');
      bar($('#usage-cpu-meter'), $('#usage-cpu-text'), today.cpu_ms, u.caps.max_cpu_seconds_per_day * 1000, fmtCPU, '');
      $('#usage-steps-chart').replaceChildren(dayChart(u.days, (d) => d.steps, String, 'Steps per day', ''));
      $('#usage-cpu-chart').replaceChildren(dayChart(u.days, (d) => d.cpu_ms, fmtCPU, 'CPU time per day', 'bar-cpu'));
    }

    async refreshSnapshots() {
      const status = $('#snap-status');
      try {
        const r = await (await this.client.ready()).snapshots();
        this.snapshots = r.snapshots || [];
        this.quota = r.quota || null;
        this.renderSnapshots();
        status.textContent = this.snapshots.length + ' saved id' + (this.snapshots.length === 1 ? '' : 's');
        const table = $('#snap-table');
        table.dataset.generation = String(Number(table.dataset.generation || 0) + 1);
      } catch (e) {
        status.textContent = 'cannot list snapshots: ' + (e.message || e);
      }
    }

    renderSnapshots() {
      const filter = $('#snap-filter').value;
      const { key, dir } = this.sort;
      const rows = this.snapshots.filter((s) => !filter || s.kind === filter);
      rows.sort((a, b) => {
        const x = a[key], y = b[key];
        if (typeof x === 'number' || typeof y === 'number') return ((x || 0) - (y || 0)) * dir;
        return String(x || '').localeCompare(String(y || '')) * dir;
      });
      for (const th of document.querySelectorAll('#snap-table th[data-key]')) {
        th.setAttribute('aria-sort', th.dataset.key === key ? (dir > 0 ? 'ascending' : 'descending') : 'none');
      }
      const body = $('#snap-body');
      body.replaceChildren(...rows.map((s) => this.snapshotRow(s)));
      if (!rows.length) {
        body.append(el('tr', {}, el('td', { colspan: '7', class: 'muted', text: this.snapshots.length ? 'nothing of this kind' : 'nothing saved yet' })));
      }
      const q = this.quota;
      const meter = $('#quota-meter');
      const used = q ? q.used || 0 : this.snapshots.reduce((n, s) => n + (s.stored_bytes || 0), 0);
      if (q && q.limit) {
        meter.max = q.limit;
        meter.value = Math.min(used, q.limit);
        meter.high = q.limit * 0.8;
        $('#quota-text').textContent = fmtBytes(used) + ' of ' + fmtBytes(q.limit) + ' (' + pct(used / q.limit) + ')';
      } else {
        meter.max = 1;
        meter.value = 0;
        $('#quota-text').textContent = fmtBytes(used) + ' used, no quota';
      }
      meter.hidden = !(q && q.limit);
    }

    snapshotRow(s) {
      const kindLabel = { session: 'session', session_dump: 'session dump', suspended_snapshot: 'suspended snapshot' }[s.kind] || s.kind;
      const del = el('button', { type: 'button', class: 'danger delete', 'aria-label': 'Delete ' + s.id });
      del.textContent = 'Delete';
      del.addEventListener('click', () => {
        if (del.dataset.armed !== '1') {
          del.dataset.armed = '1';
          del.textContent = 'Confirm delete';
          setTimeout(() => { if (del.isConnected) { del.dataset.armed = ''; del.textContent = 'Delete'; } }, 5000);
          return;
        }
        this.deleteSnapshot(s.id);
      });
      const actions = el('td', { class: 'actions' },
        el('button', { type: 'button', class: 'continue', 'aria-label': 'Continue ' + s.id, text: 'Continue', onclick: () => this.openLoaded(s.id, loaderFor(s.kind)) }));
      if (s.kind === 'session') {
        actions.append(el('button', { type: 'button', class: 'history-row', 'aria-label': 'History of ' + s.id, text: 'History', onclick: () => this.showHistory(s.id) }));
      }
      actions.append(del);
      // data-label names each cell when a phone shows rows as cards.
      return el('tr', { 'data-id': s.id, 'data-kind': s.kind },
        el('td', { class: 'id-cell', 'data-label': 'Id' }, el('code', { class: 'id', title: s.id, text: s.id })),
        el('td', { 'data-label': 'Kind' }, el('span', { class: 'kind', 'data-kind': s.kind, text: kindLabel }), s.state ? el('span', { class: 'muted', text: ' · ' + s.state }) : null),
        el('td', { class: 'num', 'data-label': 'Stored', title: (s.bytes || 0) + ' logical bytes', text: fmtBytes(s.stored_bytes) }),
        el('td', { class: 'num', 'data-label': 'Shared', text: fmtBytes(s.shared_bytes) }),
        el('td', { 'data-label': 'Created', title: s.created || '', text: fmtTime(s.created) }),
        el('td', { 'data-label': 'Expires', title: s.expires || '', text: fmtTime(s.expires) }),
        actions);
    }

    async deleteSnapshot(id) {
      const status = $('#snap-status');
      try {
        await (await this.client.ready()).deleteSnapshot(id);
        status.textContent = 'deleted ' + id;
        this.snapshots = this.snapshots.filter((s) => s.id !== id);
        this.renderSnapshots();
        await this.refreshSnapshots();
        status.textContent = 'deleted ' + id;
      } catch (e) {
        status.textContent = 'cannot delete ' + id + ': ' + (e.message || e);
      }
    }

    async showHistory(session, scroll = true) {
      if (!session) return;
      $('#history-id').value = session;
      const status = $('#history-status');
      status.textContent = 'loading…';
      try {
        const steps = await (await this.client.ready()).history(session);
        this.renderHistory(steps);
        const total = steps.reduce((n, s) => n + (s.bytes_written || 0), 0);
        status.textContent = steps.length + ' step' + (steps.length === 1 ? '' : 's') + ', ' + fmtBytes(total) + ' written';
      } catch (e) {
        this.renderHistory([]);
        status.textContent = 'cannot show history: ' + (e.message || e);
      }
      if (scroll) $('#history-heading').scrollIntoView({ block: 'start' });
    }

    // traceCell shows a step's trace id (when the server traced it): the id,
    // a copy button, and a link when a trace URL template is set.
    traceCell(s) {
      const td = el('td', { class: 'trace', 'data-label': 'Trace' });
      const id = typeof s.trace_id === 'string' && /^[0-9a-f]{32}$/.test(s.trace_id) ? s.trace_id : '';
      if (!id) return td;
      const tmpl = ($('#trace-url').value || '').trim();
      let href = '';
      if (tmpl.includes('{trace_id}')) {
        try {
          const u = new URL(tmpl.split('{trace_id}').join(id), location.href);
          if (u.protocol === 'https:' || u.protocol === 'http:') href = u.href;
        } catch (e) { /* not a URL: show the id only */ }
      }
      const code = el('code', { class: 'trace-id', title: id, text: id });
      td.append(href ? el('a', { href, target: '_blank', rel: 'noopener noreferrer', class: 'trace-link' }, code) : code);
      const status = el('span', { class: 'muted copy-status', role: 'status' });
      td.append(el('button', { type: 'button', class: 'copy-trace', 'aria-label': 'Copy trace id ' + id, text: 'Copy', onclick: () => copyText(id, status) }), status);
      return td;
    }

    renderHistory(steps) {
      this.historySteps = steps;
      $('#history-body').replaceChildren(...steps.map((s) => el('tr', {},
        el('td', { class: 'num', text: String(s.version ?? '') }),
        el('td', { text: s.op }),
        el('td', {}, el('code', { text: s.request_id })),
        el('td', { class: 'num', text: fmtDuration(s.duration_us) }),
        el('td', { class: 'num', text: String(s.dirty_pages ?? 0) }),
        el('td', { class: 'num', title: (s.bytes_written || 0) + ' bytes', text: fmtBytes(s.bytes_written || 0) }),
        el('td', { class: 'num', text: String(s.requests ?? 0) }),
        this.traceCell(s))));
      $('#history-chart').replaceChildren(steps.length ? chart(steps) : '');
    }
  }

  // barFrame makes the inline SVG of a bar chart W x H with its label, its
  // axis and its two ticks (maxText at the top, 0 at the axis), and mk,
  // which appends an SVG element to it.
  function barFrame(W, H, padL, padB, padT, maxText, label) {
    const NS = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', label);
    const mk = (tag, attrs, text) => {
      const e = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      if (text !== undefined) e.textContent = text;
      svg.append(e);
      return e;
    };
    mk('line', { x1: padL, y1: H - padB, x2: W, y2: H - padB, class: 'axis' });
    mk('text', { x: padL - 4, y: padT + 8, 'text-anchor': 'end', class: 'tick' }, maxText);
    mk('text', { x: padL - 4, y: H - padB, 'text-anchor': 'end', class: 'tick' }, '0');
    return { svg, mk };
  }

  // chart draws bytes written per step as bars, in inline SVG.
  function chart(steps) {
    const NS = 'http://www.w3.org/2000/svg';
    const W = 640, H = 140, padL = 44, padB = 18, padT = 8;
    const max = Math.max(1, ...steps.map((s) => s.bytes_written || 0));
    const bw = (W - padL) / steps.length;
    const total = steps.reduce((n, s) => n + (s.bytes_written || 0), 0);
    const { svg, mk } = barFrame(W, H, padL, padB, padT, fmtBytes(max),
      `Bytes written per step: ${steps.length} steps, ${fmtBytes(total)} in all, at most ${fmtBytes(max)} in one step`);
    steps.forEach((s, i) => {
      const v = s.bytes_written || 0;
      const h = Math.max(v ? 1 : 0, (H - padB - padT) * v / max);
      const x = padL + i * bw + Math.min(2, bw * 0.1);
      const rect = mk('rect', { x, y: H - padB - h, width: Math.max(1, bw - Math.min(4, bw * 0.2)), height: h, class: 'bar bar-' + s.op });
      const t = document.createElementNS(NS, 'title');
      t.textContent = `v${s.version} ${s.op}: ${fmtBytes(v)}, ${s.dirty_pages || 0} dirty pages`;
      rect.append(t);
      if (steps.length <= 24) mk('text', { x: x + bw / 2 - 2, y: H - 4, 'text-anchor': 'middle', class: 'tick' }, String(s.version ?? i + 1));
    });
    return svg;
  }

  // dayChart draws one bar per UTC day, today last (in the focus colour).
  function dayChart(days, value, fmt, what, cls) {
    const NS = 'http://www.w3.org/2000/svg';
    const W = 360, H = 120, padL = 48, padB = 18, padT = 8;
    const vals = days.map((d) => Math.max(0, value(d) || 0));
    const max = Math.max(0, ...vals);
    const top = max || 1;
    const bw = (W - padL) / Math.max(1, days.length);
    const total = vals.reduce((a, b) => a + b, 0);
    const { svg, mk } = barFrame(W, H, padL, padB, padT, fmt(max),
      `${what}: ${fmt(total)} in ${days.length} days, today ${fmt(vals[vals.length - 1] || 0)}, at most ${fmt(max)} in one day`);
    days.forEach((d, i) => {
      const v = vals[i];
      const h = Math.max(v ? 1 : 0, (H - padB - padT) * v / top);
      const x = padL + i * bw + Math.min(2, bw * 0.1);
      const last = i === days.length - 1;
      const rect = mk('rect', { x, y: H - padB - h, width: Math.max(1, bw - Math.min(4, bw * 0.2)), height: h,
        class: 'bar ' + (last ? 'bar-today' : cls), 'data-day': d.day || '', 'data-value': String(v) });
      const t = document.createElementNS(NS, 'title');
      t.textContent = `${d.day}: ${fmt(v)}`;
      rect.append(t);
      if (i === 0 || last) mk('text', { x: last ? W : padL, y: H - 4, 'text-anchor': last ? 'end' : 'start', class: 'tick' }, (d.day || '').slice(5));
    });
    return svg;
  }

  window.addEventListener('DOMContentLoaded', () => { window.amberWorkbench = new App(); });
  // For the tests and the console.
  window.amberPy = (text) => py(parseJSON(text));
  window.amberEncode = (req, rawField) => encodeRequest(Object.assign({}, req, rawField ? { [rawField]: new RawJSON(req[rawField]) } : {}));
})();
