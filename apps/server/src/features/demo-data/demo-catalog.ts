/**
 * The demo catalogue loaded into an empty database when DEMO_DATA is on. Names, addresses and
 * e-mail addresses are made up (example.com is reserved for examples).
 */

export const demoLocations = [
  {
    id: 1,
    name: 'West Branch',
    short_name: 'West',
    description:
      'A quiet, sunlit centre with private counselling rooms, a calm waiting area and step-free access.',
    address: '2nd Floor, Sunrise Plaza, 14 Linking Road, Bandra West, Mumbai, Maharashtra 400050',
    phone: '+91 22 4000 0001',
    image_file: 'location-1.png',
  },
  {
    id: 2,
    name: 'East Branch',
    short_name: 'East',
    description:
      'A garden-facing centre near the metro with rooms for individual, couple and group sessions.',
    address: 'Office 305, Lakeview Towers, 21 Link Road, Ghatkopar East, Mumbai, Maharashtra 400077',
    phone: '+91 22 4000 0002',
    image_file: 'location-2.png',
  },
];

export const demoServices = [
  { id: 1, name: 'Individual Counselling' },
  { id: 2, name: 'Couples Counselling' },
  { id: 3, name: 'Psychotherapy (CBT and talk therapy)' },
  { id: 4, name: 'Psychiatric Consultation (visiting psychiatrist)' },
  { id: 5, name: 'Psychometric Assessment' },
  { id: 6, name: 'Workshops (group sessions)' },
  { id: 7, name: 'Child and Adolescent Counselling' },
  { id: 8, name: 'Stress and Anxiety Management' },
];

export type DemoTherapist = {
  id: number;
  name: string;
  title: string;
  specialization: string;
  bio: string;
  pricePaise: number;
  type: 1 | 2;
  email: string;
  locations: number[];
  services: number[];
  /**
   * Session start times on a working day, an hour apart within a stretch (the weekly hours of
   * demo-schedules.ts: 45-minute sessions with a 15-minute buffer).
   */
  starts: string[];
  /** Working weekdays, 0 (Sunday) to 6. */
  weekdays: readonly number[];
};

/**
 * Half the team has the weekend (or Sunday) off; those the tests book on any day of the coming
 * fortnight (Asha Menon, Fatima Sheikh, Arjun Iyer, Karan Singh) work every day.
 */
const everyDay = [0, 1, 2, 3, 4, 5, 6];
const mondayToSaturday = [1, 2, 3, 4, 5, 6];
const mondayToFriday = [1, 2, 3, 4, 5];

const fullDay = ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00'];
const mornings = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00'];
const evenings = ['13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00'];

export const demoTherapists: DemoTherapist[] = [
  {
    id: 1,
    name: 'Dr.Asha Menon',
    title: 'Clinical Psychologist',
    specialization: 'Anxiety, depression and life transitions',
    bio: 'Warm, evidence-based therapy that helps you understand patterns and build steadier days.|M.Phil. Clinical Psychology, RCI registered|12 years of experience',
    pricePaise: 150_000,
    type: 1,
    email: 'asha.menon@example.com',
    locations: [],
    services: [1, 3, 8],
    starts: fullDay,
    weekdays: everyDay,
  },
  {
    id: 2,
    name: 'Mr.Rohan Kapoor',
    title: 'Counselling Psychologist',
    specialization: 'Relationships, couples and workplace stress',
    bio: 'Practical, non-judgemental sessions for individuals and couples working through conflict and change.|M.A. Counselling Psychology|8 years of experience',
    pricePaise: 120_000,
    type: 1,
    email: 'rohan.kapoor@example.com',
    locations: [],
    services: [1, 2, 8, 6],
    starts: evenings,
    weekdays: mondayToSaturday,
  },
  {
    id: 3,
    name: 'Ms.Priya Nair',
    title: 'Child and Adolescent Counsellor',
    specialization: 'Children, teenagers and parenting support',
    bio: 'Gentle, play- and talk-based support for young people, with parents involved where it helps.|M.Sc. Applied Psychology|6 years of experience',
    pricePaise: 100_000,
    type: 2,
    email: 'priya.nair@example.com',
    locations: [1],
    services: [1, 7, 2],
    starts: mornings,
    weekdays: mondayToFriday,
  },
  {
    id: 4,
    name: 'Dr.Vikram Rao',
    title: 'Consultant Psychiatrist (visiting)',
    specialization: 'Mood disorders, sleep and medication review',
    bio: 'Careful assessment and clear explanations, working alongside your therapist when medication may help.|MD Psychiatry|15 years of experience',
    pricePaise: 250_000,
    type: 2,
    email: 'vikram.rao@example.com',
    locations: [2],
    services: [4, 1],
    starts: ['10:00', '11:00', '12:00', '16:00', '17:00', '18:00'],
    weekdays: mondayToFriday,
  },
  {
    id: 5,
    name: 'Ms.Fatima Sheikh',
    title: 'Psychologist and Assessment Specialist',
    specialization: 'Psychometric assessment, learning and career guidance',
    bio: 'Structured assessments with a clear written report and a session to talk through what it means for you.|M.Phil. Psychology, RCI registered|9 years of experience',
    pricePaise: 180_000,
    type: 2,
    email: 'fatima.sheikh@example.com',
    locations: [2],
    services: [5, 7, 1],
    starts: fullDay,
    weekdays: everyDay,
  },
  {
    id: 6,
    name: 'Mr.Arjun Iyer',
    title: 'Psychotherapist',
    specialization: 'CBT for anxiety, panic and habits',
    bio: 'Goal-focused cognitive behavioural therapy with simple tools you can practise between sessions.|M.A. Clinical Psychology, CBT certified|5 years of experience',
    pricePaise: 90_000,
    type: 1,
    email: 'arjun.iyer@example.com',
    locations: [],
    services: [1, 3, 6, 8],
    starts: mornings.concat(['17:00', '18:00', '19:00', '20:00']),
    weekdays: everyDay,
  },
  {
    id: 7,
    name: 'Dr.Meera Joshi',
    title: 'Senior Psychotherapist',
    specialization: 'Trauma, grief and couples therapy',
    bio: 'A steady, compassionate space to work through loss, trauma and relationship difficulties at your own pace.|Ph.D. Psychology|18 years of experience',
    pricePaise: 200_000,
    type: 2,
    email: 'meera.joshi@example.com',
    locations: [1],
    services: [3, 1, 2, 8],
    starts: evenings,
    weekdays: mondayToFriday,
  },
  {
    id: 8,
    name: 'Mr.Karan Singh',
    title: 'Wellbeing Counsellor',
    specialization: 'Stress, burnout and self-esteem',
    bio: 'Friendly, practical counselling for students and working professionals finding their balance again.|M.A. Psychology|4 years of experience',
    pricePaise: 80_000,
    type: 1,
    email: 'karan.singh@example.com',
    locations: [],
    services: [1, 8, 6],
    starts: fullDay,
    weekdays: everyDay,
  },
];

/** The demo clinic's profile, saved through the clinic feature's own write (made up, as above). */
export const demoClinicProfile = {
  name: 'Sunrise Therapy & Counselling',
  phone: '+91 22 4000 0000',
  email: 'contact@example.com',
  address: '2nd Floor, Sunrise Plaza, 14 Linking Road, Bandra West, Mumbai, Maharashtra 400050',
  privacy_contact: 'Privacy Officer, privacy@example.com',
};
