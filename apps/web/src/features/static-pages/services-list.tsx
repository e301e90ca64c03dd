const SERVICES = [
  {
    name: 'Counselling',
    description:
      'Talking sessions with a trained counsellor to work through stress, worry, low mood, relationship concerns, grief or a difficult change in life.',
  },
  {
    name: 'Psychotherapy',
    description:
      'Longer-term, structured therapy with a qualified psychotherapist to understand and change patterns of thinking, feeling and behaviour.',
  },
  {
    name: 'Psychiatric consultation',
    description:
      'Assessment, diagnosis and, where needed, medication review with a visiting psychiatrist, on the days the psychiatrist is available.',
  },
  {
    name: 'Psychometric assessments',
    description:
      'Standardised questionnaires and tests, such as those for personality, aptitude or emotional well-being, with the results explained to you.',
  },
  {
    name: 'Workshops',
    description:
      'Group sessions for schools, workplaces and the public on topics such as managing stress, resilience and emotional health.',
  },
  {
    name: 'Self-help tools',
    description: 'Exercises and reading material you can use between sessions, at your own pace.',
  },
] as const;

export function ServicesList() {
  return (
    <ul>
      {SERVICES.map((service) => (
        <li key={service.name}>
          <strong>{service.name}</strong>: {service.description}
        </li>
      ))}
    </ul>
  );
}
