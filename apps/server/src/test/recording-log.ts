/** A logger double that keeps what it is told (level, fields, message), for tests that read logs. */
export type LoggedLine = {
  level: 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
};

export function recordingLog() {
  const lines: LoggedLine[] = [];
  const at = (level: LoggedLine['level']) => (fields: Record<string, unknown>, message: string) =>
    void lines.push({ level, fields, message });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as never };
}
