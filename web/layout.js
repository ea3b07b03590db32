// The page's layout helpers that need a little script: folding the game
// settings away, the compact score and move strip above the board (shown
// on phones, where the panel is below the board), and the Torus Hex marks
// toggle. They only read what app.js already shows, so they need no hooks.

const $ = (id) => document.getElementById(id);

function wireFold() {
  const btn = $('fold');
  const body = $('setup-body');
  if (!btn || !body) return;
  btn.addEventListener('click', () => {
    body.hidden = !body.hidden;
    btn.textContent = body.hidden ? 'Change' : 'Hide';
    btn.setAttribute('aria-expanded', String(!body.hidden));
    btn.title = body.hidden ? 'Show the game settings' : 'Fold the game settings away';
  });
}

// "Black 30 · White 34" from the Score card, and the last moves in one
// scrolling line.
function mirror() {
  const bar = $('scorebar');
  const dl = $('score');
  const ol = $('moves');
  if (!bar || !dl || !ol) return;
  const score = bar.querySelector('.sb-score');
  const strip = bar.querySelector('.sb-moves');
  const copy = () => {
    const parts = [];
    for (const dt of dl.querySelectorAll('dt')) {
      const dd = dt.nextElementSibling;
      // "A (black)" is "A" here: the line must stay short.
      parts.push(`${dt.textContent.replace(/ \(.*\)$/, '')} ${dd ? dd.textContent : ''}`);
    }
    if (!parts.length && dl.textContent) parts.push(dl.textContent);
    score.textContent = parts.join(' · ');
    const lis = [...ol.children].slice(-40);
    const first = ol.children.length - lis.length;
    strip.replaceChildren(...lis.map((li, i) => {
      const x = document.createElement('li');
      x.textContent = `${first + i + 1}. ${li.dataset.move || li.textContent}`;
      return x;
    }));
    strip.scrollLeft = strip.scrollWidth;
  };
  const obs = new MutationObserver(copy);
  obs.observe(dl, { childList: true, subtree: true, characterData: true });
  obs.observe(ol, { childList: true });
  copy();
}

function wireMarks() {
  const box = $('marks');
  if (!box) return;
  const sync = () => $('board').classList.toggle('th-marks', box.checked);
  box.addEventListener('change', sync);
  sync();
}

// The header's height, for the phone layout's first screen.
function trackHeader() {
  const top = document.querySelector('.top');
  if (!top) return;
  const set = () => document.documentElement.style.setProperty('--top-h', `${top.getBoundingClientRect().height}px`);
  new ResizeObserver(set).observe(top);
  set();
}

wireFold();
trackHeader();
mirror();
wireMarks();
