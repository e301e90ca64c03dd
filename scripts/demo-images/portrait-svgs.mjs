// The demo therapists' portraits (400x400), drawn as SVG.
import { luminance, shade } from './colour.mjs';

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

export function portraitSvg(p) {
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

export const therapists = [
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
