// The demo centres' pictures (800x450), drawn as SVG.

// ---------------------------------------------------------------------------
// Locations (800x450)
// ---------------------------------------------------------------------------

function cloud(x, y, s, opacity = 0.95) {
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="#ffffff" opacity="${opacity}">
    <ellipse cx="0" cy="0" rx="46" ry="18"/>
    <circle cx="-16" cy="-10" r="18"/>
    <circle cx="12" cy="-16" r="22"/>
  </g>`;
}

function roundTree(x, groundY, s, dark, light) {
  return `<g transform="translate(${x} ${groundY}) scale(${s})">
    <rect x="-6" y="-70" width="12" height="70" rx="4" fill="#8a6f55"/>
    <circle cx="0" cy="-104" r="46" fill="${dark}"/>
    <circle cx="-26" cy="-84" r="30" fill="${dark}"/>
    <circle cx="24" cy="-82" r="32" fill="${dark}"/>
    <circle cx="-12" cy="-116" r="26" fill="${light}"/>
  </g>`;
}

function pottedPlant(x, groundY, s) {
  return `<g transform="translate(${x} ${groundY}) scale(${s})">
    <ellipse cx="-12" cy="-52" rx="9" ry="22" transform="rotate(-28 -12 -52)" fill="#2f8f6f"/>
    <ellipse cx="12" cy="-52" rx="9" ry="22" transform="rotate(28 12 -52)" fill="#2f8f6f"/>
    <ellipse cx="0" cy="-60" rx="9" ry="26" fill="#3fae86"/>
    <path d="M-18 -32 L18 -32 L13 0 L-13 0 Z" fill="#c98f6b"/>
    <rect x="-20" y="-36" width="40" height="7" rx="3" fill="#b97d5a"/>
  </g>`;
}

function windowPane(x, y, w, h) {
  return `<g>
    <rect x="${x - 4}" y="${y - 4}" width="${w + 8}" height="${h + 8}" rx="5" fill="#d6d3d1"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="#a5e3d8"/>
    <path d="M${x} ${y + h * 0.62} L${x + w * 0.62} ${y} L${x + w * 0.86} ${y} L${x} ${y + h * 0.9} Z" fill="#ffffff" opacity="0.35"/>
    <rect x="${x + w / 2 - 1.5}" y="${y}" width="3" height="${h}" fill="#d6d3d1"/>
    <rect x="${x - 6}" y="${y + h + 3}" width="${w + 12}" height="5" rx="2" fill="#cfcac6"/>
  </g>`;
}

/** West Branch: a bright two-storey centre with a teal roofline, trees and a garden path. */
export function westBranchSvg() {
  const windows = [];
  for (const row of [0, 1]) {
    for (const col of [0, 1, 2, 3, 4]) {
      const x = 236 + col * 68;
      const y = 186 + row * 82;
      // Keep the middle of the ground floor free for the entrance.
      if (row === 1 && col === 2) continue;
      windows.push(windowPane(x, y, 44, 54));
    }
  }
  const wingWindows = [windowPane(614, 232, 36, 44), windowPane(614, 300, 36, 44)];
  const hedge = [];
  for (let x = 206; x <= 690; x += 30) {
    if (x > 350 && x < 450) continue;
    hedge.push(`<circle cx="${x}" cy="378" r="20" fill="${(x / 30) % 2 < 1 ? '#5fae92' : '#6dbb9e'}"/>`);
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#cdeee6"/>
      <stop offset="1" stop-color="#effaf7"/>
    </linearGradient>
  </defs>
  <rect width="800" height="450" fill="url(#sky)"/>
  <circle cx="676" cy="86" r="62" fill="#fdf6de" opacity="0.7"/>
  <circle cx="676" cy="86" r="38" fill="#fde9b0"/>
  ${cloud(140, 82, 1.1)}
  ${cloud(470, 58, 0.8, 0.85)}
  ${cloud(760, 150, 0.7, 0.8)}
  <path d="M0 300 C120 240 220 250 330 282 C440 312 540 236 660 246 C730 252 770 270 800 280 L800 450 L0 450 Z" fill="#b9e2d3"/>
  <path d="M0 330 C150 292 260 306 400 322 C540 338 660 300 800 316 L800 450 L0 450 Z" fill="#9fd6c2"/>
  <rect y="384" width="800" height="66" fill="#cdebd9"/>
  <!-- side wing -->
  <rect x="590" y="212" width="100" height="172" fill="#ebe6e1"/>
  <rect x="582" y="202" width="116" height="12" rx="3" fill="#115e59"/>
  ${wingWindows.join('\n  ')}
  <!-- main block -->
  <rect x="210" y="150" width="380" height="234" fill="#f7f4f0"/>
  <rect x="210" y="150" width="12" height="234" fill="#ebe6e1"/>
  <rect x="196" y="138" width="408" height="16" rx="4" fill="#0f766e"/>
  <rect x="210" y="154" width="380" height="6" fill="#e7e1da"/>
  ${windows.join('\n  ')}
  <!-- entrance -->
  <rect x="372" y="292" width="56" height="92" rx="3" fill="#0f766e"/>
  <rect x="378" y="300" width="20" height="78" rx="2" fill="#7fd6c8"/>
  <rect x="402" y="300" width="20" height="78" rx="2" fill="#7fd6c8"/>
  <path d="M378 330 L398 306 L398 316 L378 340 Z" fill="#ffffff" opacity="0.35"/>
  <rect x="350" y="278" width="100" height="10" rx="3" fill="#115e59"/>
  <rect x="384" y="250" width="32" height="22" rx="5" fill="#ccfbf1"/>
  <path d="M400 255 C408 258 410 266 400 268 C390 266 392 258 400 255 Z" fill="#0f766e"/>
  <!-- path and steps -->
  <rect x="362" y="384" width="76" height="6" fill="#d6d0c9"/>
  <path d="M366 390 L434 390 L470 450 L330 450 Z" fill="#ece7e1"/>
  ${hedge.join('\n  ')}
  ${pottedPlant(356, 386, 0.9)}
  ${pottedPlant(444, 386, 0.9)}
  ${roundTree(118, 400, 1.25, '#4d9f86', '#68b79c')}
  ${roundTree(742, 404, 1.05, '#3f917a', '#5aa98e')}
  ${roundTree(40, 420, 0.8, '#5fae92', '#77c2a6')}
  <!-- bench -->
  <g transform="translate(520 410)">
    <rect x="-34" y="-16" width="68" height="7" rx="3" fill="#a07a5c"/>
    <rect x="-34" y="-28" width="68" height="7" rx="3" fill="#b48b6a"/>
    <rect x="-28" y="-9" width="5" height="14" fill="#6b5443"/>
    <rect x="23" y="-9" width="5" height="14" fill="#6b5443"/>
  </g>
  <!-- lamp post -->
  <g transform="translate(300 410)">
    <rect x="-2.5" y="-84" width="5" height="84" fill="#44615b"/>
    <circle cx="0" cy="-90" r="9" fill="#fdf0c2"/>
    <rect x="-8" y="-82" width="16" height="4" rx="2" fill="#44615b"/>
  </g>
</svg>`;
}

/** East Branch: a calm counselling room with a big window onto a morning garden. */
export function eastBranchSvg() {
  const books = [
    ['#0f766e', 10, 34],
    ['#e8b4a0', 8, 30],
    ['#99d5c9', 12, 36],
    ['#d9c6a5', 9, 28],
  ];
  let bx = 566;
  const bookRects = books.map(([fill, w, h]) => {
    const r = `<rect x="${bx}" y="${150 - h}" width="${w}" height="${h}" rx="1.5" fill="${fill}"/>`;
    bx += w + 2;
    return r;
  });

  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <rect width="800" height="450" fill="#f4eee6"/>
  <rect y="336" width="800" height="114" fill="#e4d6c3"/>
  <rect y="330" width="800" height="8" fill="#ebe2d6"/>
  <!-- window -->
  <rect x="58" y="54" width="268" height="250" rx="6" fill="#ffffff"/>
  <rect x="70" y="66" width="244" height="226" rx="3" fill="#dff7f1"/>
  <circle cx="250" cy="120" r="46" fill="#fdf2d6" opacity="0.8"/>
  <circle cx="250" cy="120" r="30" fill="#fde7b4"/>
  ${cloud(130, 110, 0.7)}
  <path d="M70 232 C120 200 170 206 210 220 C250 232 280 212 314 206 L314 292 L70 292 Z" fill="#a9dcc8"/>
  <path d="M70 262 C130 240 200 252 314 240 L314 292 L70 292 Z" fill="#86c9ae"/>
  <circle cx="112" cy="238" r="22" fill="#5fae92"/>
  <circle cx="136" cy="248" r="16" fill="#6dbb9e"/>
  <rect x="188" y="66" width="8" height="226" fill="#ffffff"/>
  <rect x="70" y="176" width="244" height="7" fill="#ffffff"/>
  <rect x="48" y="300" width="288" height="10" rx="3" fill="#e7ded3"/>
  <!-- curtains -->
  <path d="M36 40 L70 40 C66 140 78 240 64 330 L32 330 C44 240 30 140 36 40 Z" fill="#9ed6ca"/>
  <path d="M314 40 L348 40 C354 140 340 240 352 330 L320 330 C306 240 318 140 314 40 Z" fill="#9ed6ca"/>
  <rect x="26" y="34" width="334" height="8" rx="4" fill="#b9a894"/>
  <!-- rug -->
  <ellipse cx="530" cy="398" rx="230" ry="34" fill="#ccfbf1"/>
  <ellipse cx="530" cy="398" rx="196" ry="24" fill="#b5efe2"/>
  <!-- art -->
  <rect x="452" y="118" width="96" height="76" rx="4" fill="#ffffff"/>
  <rect x="460" y="126" width="80" height="60" fill="#f2ebe1"/>
  <circle cx="518" cy="148" r="12" fill="#f2c6a8"/>
  <path d="M460 186 L460 168 C480 156 500 170 540 158 L540 186 Z" fill="#7fc4b2"/>
  <!-- shelf -->
  <rect x="560" y="150" width="120" height="7" rx="2" fill="#c9b59c"/>
  ${bookRects.join('\n  ')}
  <path d="M650 150 L668 150 L665 134 L653 134 Z" fill="#d7a98b"/>
  <ellipse cx="655" cy="126" rx="5" ry="11" transform="rotate(-25 655 126)" fill="#3fae86"/>
  <ellipse cx="664" cy="125" rx="5" ry="11" transform="rotate(25 664 125)" fill="#2f8f6f"/>
  <!-- sofa -->
  <rect x="404" y="232" width="280" height="74" rx="18" fill="#2a8c80"/>
  <rect x="390" y="272" width="308" height="62" rx="14" fill="#0f766e"/>
  <rect x="378" y="254" width="38" height="80" rx="14" fill="#13867b"/>
  <rect x="672" y="254" width="38" height="80" rx="14" fill="#13867b"/>
  <rect x="416" y="268" width="128" height="26" rx="10" fill="#1c8a7f"/>
  <rect x="548" y="268" width="126" height="26" rx="10" fill="#1c8a7f"/>
  <rect x="426" y="240" width="46" height="40" rx="12" fill="#fbe3b0" transform="rotate(-8 449 260)"/>
  <rect x="618" y="240" width="46" height="40" rx="12" fill="#f3cfc2" transform="rotate(8 641 260)"/>
  <rect x="400" y="334" width="8" height="16" rx="2" fill="#6b5443"/>
  <rect x="680" y="334" width="8" height="16" rx="2" fill="#6b5443"/>
  <!-- coffee table -->
  <ellipse cx="540" cy="376" rx="78" ry="14" fill="#c99f76"/>
  <rect x="504" y="380" width="6" height="26" fill="#a9825e"/>
  <rect x="570" y="380" width="6" height="26" fill="#a9825e"/>
  <ellipse cx="540" cy="372" rx="78" ry="12" fill="#dcb68f"/>
  <rect x="508" y="358" width="22" height="14" rx="3" fill="#ffffff"/>
  <path d="M530 362 C538 362 538 370 530 370" fill="none" stroke="#ffffff" stroke-width="3"/>
  <rect x="552" y="362" width="34" height="8" rx="2" fill="#99d5c9"/>
  <!-- floor lamp -->
  <g transform="translate(752 0)">
    <ellipse cx="0" cy="392" rx="18" ry="5" fill="#5b4a3d"/>
    <rect x="-2.5" y="196" width="5" height="196" fill="#5b4a3d"/>
    <circle cx="0" cy="196" r="48" fill="#fff7e0" opacity="0.6"/>
    <path d="M-24 160 L24 160 L34 204 L-34 204 Z" fill="#f7e3b5"/>
  </g>
  <!-- plant by the window -->
  <g transform="translate(352 400)">
    <ellipse cx="-22" cy="-96" rx="14" ry="40" transform="rotate(-30 -22 -96)" fill="#2f8f6f"/>
    <ellipse cx="24" cy="-100" rx="14" ry="42" transform="rotate(32 24 -100)" fill="#2f8f6f"/>
    <ellipse cx="-4" cy="-118" rx="14" ry="46" transform="rotate(-6 -4 -118)" fill="#3fae86"/>
    <ellipse cx="10" cy="-84" rx="12" ry="32" transform="rotate(58 10 -84)" fill="#3fae86"/>
    <path d="M-26 -52 L26 -52 L20 0 L-20 0 Z" fill="#d7a98b"/>
    <rect x="-29" y="-58" width="58" height="9" rx="4" fill="#c89679"/>
  </g>
</svg>`;
}
