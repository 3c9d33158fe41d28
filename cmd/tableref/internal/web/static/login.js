// The PIN form: posts the PIN and opens the status page when it is right.
// A file of its own, not inline, so the page's Content-Security-Policy
// can refuse every inline script.
document.getElementById('login').addEventListener('submit', async (e) => {
  e.preventDefault();
  const r = await fetch('/api/login', {method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({pin: document.getElementById('pin').value})});
  if (r.ok) { localStorage.setItem('tableref-session', '1'); location.href = '/'; return; }
  const j = await r.json().catch(() => ({}));
  document.getElementById('msg').textContent = j.error || 'refused';
});
