#!/usr/bin/env node
// Generates the demo images used by the seed data (locations and therapists).
// Everything is drawn locally as inline SVG and rendered to PNG by a headless Chromium,
// so the output is deterministic and needs no network access or external assets.
//
// Usage: node scripts/generate-demo-images.mjs
// Env:   CHROMIUM_PATH (else Debian's or the npm-shipped Chromium: scripts/chromium-options.mjs)

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium-options.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(rootDir, 'apps/server/assets/images');

// ---------------------------------------------------------------------------
// Colour helpers
// ---------------------------------------------------------------------------

/** Mixes a hex colour with black (amount < 0) or white (amount > 0). */
function shade(hex, amount) {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  return `#${channels
    .map((c) => Math.round(c + (target - c) * t))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Relative luminance-ish value in 0..1 (good enough for picking tints). */
function luminance(hex) {
  const n = Number.parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
}

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
function westBranchSvg() {
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
function eastBranchSvg() {
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

// ---------------------------------------------------------------------------
// Therapist portraits (400x400)
// ---------------------------------------------------------------------------

const HEAD = { cx: 200, cy: 168, rx: 58, ry: 68 };

/** Hair drawn behind the head (and behind the shoulders for long styles). */
function hairBack(style, hair) {
  switch (style) {
    case 'long':
      return `<path d="M200 88 C124 88 116 160 120 220 C122 262 110 300 116 340 L284 340 C290 300 278 262 280 220 C284 160 276 88 200 88 Z" fill="${hair}"/>`;
    case 'bob':
      return `<path d="M200 88 C122 88 116 170 124 244 C142 256 166 252 176 240 L224 240 C234 252 258 256 276 244 C284 170 278 88 200 88 Z" fill="${hair}"/>`;
    case 'bun':
      return `<circle cx="200" cy="92" r="30" fill="${hair}"/>
        <ellipse cx="200" cy="160" rx="64" ry="72" fill="${hair}"/>`;
    case 'braid':
      return `<ellipse cx="200" cy="160" rx="64" ry="72" fill="${hair}"/>`;
    case 'short':
      return `<ellipse cx="200" cy="150" rx="62" ry="60" fill="${hair}"/>`;
    case 'curly':
      return `<g fill="${hair}">
        <ellipse cx="200" cy="146" rx="64" ry="60"/>
        <circle cx="152" cy="116" r="24"/><circle cx="178" cy="100" r="26"/>
        <circle cx="208" cy="96" r="27"/><circle cx="236" cy="106" r="25"/>
        <circle cx="254" cy="128" r="20"/><circle cx="146" cy="140" r="18"/>
      </g>`;
    case 'receding':
      return `<ellipse cx="200" cy="158" rx="61" ry="58" fill="${hair}"/>`;
    default:
      return '';
  }
}

/** Hair in front of the forehead; clipped to the head so it follows its outline. */
function hairFront(style, hair) {
  const shapes = {
    long: 'M136 206 C136 150 156 124 186 114 C198 140 236 142 266 206 L280 206 L280 60 L120 60 L120 206 Z',
    bob: 'M136 196 C132 150 150 136 172 138 C200 140 228 134 246 124 C262 140 266 170 264 196 L280 196 L280 60 L120 60 L120 196 Z',
    bun: 'M138 184 C138 140 168 120 200 118 C232 120 262 140 262 184 L280 184 L280 60 L120 60 L120 184 Z',
    braid: 'M138 190 C140 146 170 124 212 120 C200 132 230 142 262 190 L280 190 L280 60 L120 60 L120 190 Z',
    short:
      'M142 170 C142 142 150 130 166 126 C188 132 226 128 246 118 C256 128 260 148 260 170 L280 170 L280 60 L120 60 L120 170 Z',
    curly:
      'M142 168 C142 144 152 132 168 130 C188 134 212 126 232 128 C250 132 258 148 258 168 L280 168 L280 60 L120 60 L120 168 Z',
    receding:
      'M142 168 C142 146 148 132 158 126 C170 116 186 112 200 112 C214 112 230 116 242 126 C252 132 258 146 258 168 L280 168 L280 60 L120 60 L120 168 Z',
  };
  const d = shapes[style];
  return d ? `<path d="${d}" fill="${hair}" clip-path="url(#headClip)"/>` : '';
}

/** Front strands / braids that fall over the shoulders (drawn after the body). */
function hairOverShoulders(style, hair, tie) {
  if (style === 'long') {
    return `<path d="M136 200 C128 250 126 300 136 348 C150 346 162 330 164 306 C166 276 156 244 156 210 Z" fill="${hair}"/>
      <path d="M264 200 C272 250 274 300 264 348 C250 346 238 330 236 306 C234 276 244 244 244 210 Z" fill="${hair}"/>`;
  }
  if (style === 'braid') {
    const dark = shade(hair, -0.25);
    const links = [];
    for (let i = 0; i < 6; i++) {
      const y = 214 + i * 22;
      const x = 250 + i * 3;
      links.push(
        `<ellipse cx="${x}" cy="${y}" rx="${15 - i}" ry="14" fill="${hair}" stroke="${dark}" stroke-width="2"/>`,
      );
    }
    return `${links.join('')}
      <path d="M259 340 Q256 356 262 362 Q266 354 268 362 Q274 356 271 340 Z" fill="${hair}"/>
      <rect x="257" y="334" width="16" height="7" rx="3.5" fill="${tie}"/>`;
  }
  return '';
}

function bodyShape(fill) {
  return `<path d="M70 440 L72 400 C74 318 122 282 200 282 C278 282 326 318 328 400 L330 440 Z" fill="${fill}"/>`;
}

/** Clothing: body plus neckline details. */
function clothing(style, cloth, accent, skin) {
  const dark = shade(cloth, -0.18);
  switch (style) {
    case 'saree':
      // Blouse plus a pallu draped over the left shoulder with a contrasting border.
      return `${bodyShape(cloth)}
        <path d="M178 282 C186 300 214 300 222 282 Z" fill="${skin}"/>
        <path d="M112 304 C140 288 160 284 172 284 C200 330 246 364 290 400 L196 400 C170 364 140 330 112 304 Z" fill="${accent}"/>
        <path d="M172 284 C200 330 246 364 290 400 L276 400 C236 368 192 334 164 286 Z" fill="${shade(accent, -0.22)}"/>`;
    case 'kurta':
      return `${bodyShape(cloth)}
        <path d="M176 280 L224 280 L222 298 C208 302 192 302 178 298 Z" fill="${dark}"/>
        <rect x="197" y="298" width="6" height="66" rx="3" fill="${dark}"/>
        <circle cx="200" cy="316" r="3" fill="${accent}"/><circle cx="200" cy="334" r="3" fill="${accent}"/>
        <circle cx="200" cy="352" r="3" fill="${accent}"/>`;
    case 'blazer':
      return `${bodyShape(cloth)}
        <path d="M166 282 L234 282 L208 380 L192 380 Z" fill="${accent}"/>
        <path d="M182 282 L200 304 L218 282 Z" fill="${skin}"/>
        <path d="M174 280 L200 304 L186 314 L168 290 Z" fill="${shade(accent, -0.08)}"/>
        <path d="M226 280 L200 304 L214 314 L232 290 Z" fill="${shade(accent, -0.08)}"/>
        <path d="M164 286 L194 380 L168 338 L150 312 L160 300 Z" fill="${dark}"/>
        <path d="M236 286 L206 380 L232 338 L250 312 L240 300 Z" fill="${dark}"/>`;
    case 'shirt':
      return `${bodyShape(cloth)}
        <path d="M180 282 L200 308 L220 282 Z" fill="${skin}"/>
        <path d="M172 280 L200 308 L176 318 L162 290 Z" fill="${shade(cloth, 0.25)}"/>
        <path d="M228 280 L200 308 L224 318 L238 290 Z" fill="${shade(cloth, 0.25)}"/>`;
    case 'cardigan':
      return `${bodyShape(cloth)}
        <path d="M168 284 C180 300 220 300 232 284 L214 400 L186 400 Z" fill="${accent}"/>
        <path d="M178 282 C186 296 214 296 222 282 Z" fill="${skin}"/>`;
    default:
      return `${bodyShape(cloth)}
        <path d="M176 282 C184 300 216 300 224 282 Z" fill="${skin}"/>`;
  }
}

function face(p) {
  const skinShadow = shade(p.skin, -0.14);
  const brow = p.brow ?? shade(p.hair, 0.05);
  // Blush is subtler on deeper skin tones so it does not look blotchy.
  const cheek = (0.3 * luminance(p.skin) ** 2).toFixed(2);
  const parts = [
    // eyes
    `<ellipse cx="178" cy="176" rx="5" ry="6" fill="#2b211d"/>`,
    `<ellipse cx="222" cy="176" rx="5" ry="6" fill="#2b211d"/>`,
    `<circle cx="179.5" cy="174" r="1.6" fill="#ffffff"/>`,
    `<circle cx="223.5" cy="174" r="1.6" fill="#ffffff"/>`,
    // eyebrows
    `<path d="M166 160 Q178 153 190 159" fill="none" stroke="${brow}" stroke-width="4" stroke-linecap="round"/>`,
    `<path d="M210 159 Q222 153 234 160" fill="none" stroke="${brow}" stroke-width="4" stroke-linecap="round"/>`,
    // nose
    `<path d="M200 182 Q205 194 197 197" fill="none" stroke="${skinShadow}" stroke-width="3" stroke-linecap="round"/>`,
    // cheeks
    `<circle cx="165" cy="198" r="10" fill="#f28b82" opacity="${cheek}"/>`,
    `<circle cx="235" cy="198" r="10" fill="#f28b82" opacity="${cheek}"/>`,
  ];
  if (p.beard) {
    parts.push(
      `<path d="M136 176 C140 214 160 246 200 246 C240 246 260 214 264 176 C256 206 240 222 200 222 C160 222 144 206 136 176 Z" fill="${p.hair}" opacity="0.9" clip-path="url(#headClip)"/>`,
    );
  }
  if (p.moustache) {
    parts.push(
      `<path d="M186 204 C190 198 196 197 200 199 C204 197 210 198 214 204 C208 203 204 203 200 204 C196 203 192 203 186 204 Z" fill="${p.hair}"/>`,
    );
  }
  // smile (a little lower when there is a moustache above it)
  const mouthY = p.moustache ? 212 : 210;
  // Keep the smile readable on deep skin tones and on top of a beard.
  let mouth = luminance(p.skin) < 0.45 ? '#3d1b13' : '#7a3a2c';
  if (p.beard) mouth = '#b4644d';
  parts.push(
    `<path d="M187 ${mouthY} Q200 ${mouthY + 11} 213 ${mouthY}" fill="none" stroke="${mouth}" stroke-width="4" stroke-linecap="round"/>`,
  );
  if (p.bindi) parts.push(`<circle cx="200" cy="150" r="3.5" fill="#b4233a"/>`);
  if (p.glasses) {
    const g = p.glasses;
    parts.push(
      `<g fill="#ffffff" fill-opacity="0.18" stroke="${g}" stroke-width="3.5">
        <rect x="160" y="162" width="36" height="28" rx="10"/>
        <rect x="204" y="162" width="36" height="28" rx="10"/>
      </g>
      <path d="M196 174 Q200 170 204 174" fill="none" stroke="${g}" stroke-width="3.5"/>
      <path d="M160 172 L143 168 M240 172 L257 168" stroke="${g}" stroke-width="3.5" stroke-linecap="round"/>`,
    );
  }
  return parts.join('\n    ');
}

function portraitSvg(p) {
  const skinShadow = shade(p.skin, -0.14);
  const earrings = p.earrings
    ? `<circle cx="143" cy="196" r="5" fill="${p.earrings}"/><circle cx="257" cy="196" r="5" fill="${p.earrings}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <defs>
    <clipPath id="circleClip"><circle cx="200" cy="200" r="184"/></clipPath>
    <clipPath id="headClip"><ellipse cx="${HEAD.cx}" cy="${HEAD.cy}" rx="${HEAD.rx + 3}" ry="${HEAD.ry + 3}"/></clipPath>
  </defs>
  <rect width="400" height="400" fill="${p.bg}"/>
  <circle cx="200" cy="200" r="184" fill="${p.circle}"/>
  <g clip-path="url(#circleClip)">
    ${hairBack(p.hairStyle, p.hair)}
    <rect x="178" y="212" width="44" height="70" rx="16" fill="${p.skin}"/>
    <path d="M178 226 C190 240 210 240 222 226 L222 248 C210 256 190 256 178 248 Z" fill="${skinShadow}"/>
    <g transform="translate(0 -16)">${clothing(p.clothStyle, p.cloth, p.accent, p.skin)}</g>
    ${hairOverShoulders(p.hairStyle, p.hair, p.accent)}
    <ellipse cx="142" cy="176" rx="11" ry="16" fill="${skinShadow}"/>
    <ellipse cx="258" cy="176" rx="11" ry="16" fill="${skinShadow}"/>
    ${earrings}
    <ellipse cx="${HEAD.cx}" cy="${HEAD.cy}" rx="${HEAD.rx}" ry="${HEAD.ry}" fill="${p.skin}"/>
    ${hairFront(p.hairStyle, p.hair)}
    ${face(p)}
  </g>
</svg>`;
}

const therapists = [
  {
    // 1: woman, long hair, saree
    skin: '#d9a27a',
    hair: '#231a16',
    hairStyle: 'long',
    clothStyle: 'saree',
    cloth: '#0f766e',
    accent: '#f4b8a4',
    bg: '#ccfbf1',
    circle: '#99f6e4',
    bindi: true,
    earrings: '#e0b44c',
  },
  {
    // 2: man, short hair, kurta
    skin: '#b97c55',
    hair: '#1e1916',
    hairStyle: 'short',
    clothStyle: 'kurta',
    cloth: '#f1e4cf',
    accent: '#8b6b4a',
    bg: '#e0f2fe',
    circle: '#bae6fd',
    moustache: true,
  },
  {
    // 3: woman, bun, glasses, cardigan
    skin: '#efc39c',
    hair: '#3a2820',
    hairStyle: 'bun',
    clothStyle: 'cardigan',
    cloth: '#7c6fb0',
    accent: '#f3efe8',
    bg: '#ede9fe',
    circle: '#ddd6fe',
    glasses: '#5b4636',
    earrings: '#d9d3e8',
  },
  {
    // 4: man, curly hair, beard, shirt
    skin: '#8d5a3b',
    hair: '#1b1614',
    hairStyle: 'curly',
    clothStyle: 'shirt',
    cloth: '#3b82a0',
    accent: '#ffffff',
    bg: '#fef3c7',
    circle: '#fde68a',
    beard: true,
    moustache: true,
  },
  {
    // 5: woman, bob, blouse
    skin: '#a8704a',
    hair: '#2a1d18',
    hairStyle: 'bob',
    clothStyle: 'crew',
    cloth: '#e07a5f',
    accent: '#ffffff',
    bg: '#fce7f3',
    circle: '#fbcfe8',
    earrings: '#f1c27d',
  },
  {
    // 6: man, greying receding hair, glasses, blazer
    skin: '#c98e66',
    hair: '#8d8782',
    hairStyle: 'receding',
    clothStyle: 'blazer',
    cloth: '#334155',
    accent: '#e2f3ef',
    bg: '#e2e8f0',
    circle: '#cbd5e1',
    glasses: '#2f2a26',
    moustache: true,
    brow: '#6f6a66',
  },
  {
    // 7: woman, side braid, kurta
    skin: '#774a30',
    hair: '#16110f',
    hairStyle: 'braid',
    clothStyle: 'kurta',
    cloth: '#d9a441',
    accent: '#0f766e',
    bg: '#dcfce7',
    circle: '#bbf7d0',
    bindi: true,
    earrings: '#f3d27a',
  },
  {
    // 8: man, short hair, beard, cardigan over tee
    skin: '#e0ac82',
    hair: '#2b201b',
    hairStyle: 'short',
    clothStyle: 'cardigan',
    cloth: '#0f766e',
    accent: '#f1f5f4',
    bg: '#ffedd5',
    circle: '#fed7aa',
    beard: true,
  },
];

// ---------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------

async function renderSvg(page, svg, width, height, file) {
  await page.setViewportSize({ width, height });
  await page.setContent(
    `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:#fff}svg{display:block}</style></head><body>${svg}</body></html>`,
  );
  await page.screenshot({ path: file, type: 'png', clip: { x: 0, y: 0, width, height } });
  console.log(`wrote ${path.relative(rootDir, file)}`);
}

async function main() {
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch(await chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ deviceScaleFactor: 1 });
    const page = await context.newPage();
    await renderSvg(page, westBranchSvg(), 800, 450, path.join(outDir, 'location-1.png'));
    await renderSvg(page, eastBranchSvg(), 800, 450, path.join(outDir, 'location-2.png'));
    for (const [i, p] of therapists.entries()) {
      await renderSvg(page, portraitSvg(p), 400, 400, path.join(outDir, `therapist-${i + 1}.png`));
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
