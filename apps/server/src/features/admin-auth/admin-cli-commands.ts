import { parseArgs } from 'node:util';
import { badRequest } from '../../http/app-error.ts';
import type { AdminUsersService } from './admin-users-service.ts';

/** The admin-user commands of `npm run admin` (cli/admin-cli.ts lists them with the others). */
export const ADMIN_USER_COMMANDS = ['create', 'list', 'deactivate', 'reset-password'];

export const ADMIN_USER_USAGE = `  create --email E --password P [--superadmin] [--inactive]   create an admin user
         [--therapist ID]                                     ... or the login of therapist ID (role therapist)
  list                                                        list admin users
  deactivate --email E                                        stop a user from signing in
  reset-password --email E --password P                       set a new password (and reactivate)`;

export const ADMIN_CLI_USAGE = `Usage: npm run admin -- <command>\n${ADMIN_USER_USAGE}`;

export type AdminCliRequest = { command: string; args: string[] };

/** Runs one admin command and returns the lines to print. Bad usage throws a 400 AppError. */
export async function runAdminCommand(service: AdminUsersService, { command, args }: AdminCliRequest) {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        superadmin: { type: 'boolean' },
        inactive: { type: 'boolean' },
        therapist: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw badRequest(`${(error as Error).message}\n${ADMIN_CLI_USAGE}`);
  }
  const need = (name: 'email' | 'password') => {
    const value = values[name];
    if (typeof value !== 'string' || !value) throw badRequest(`--${name} is required\n${ADMIN_CLI_USAGE}`);
    return value;
  };

  switch (command) {
    case 'create': {
      const user = await service.createAdmin({
        email: need('email'),
        password: need('password'),
        isSuperadmin: values.superadmin === true,
        isActive: values.inactive !== true,
        therapistId: therapistIdOf(values.therapist),
      });
      const role =
        user.therapist_id !== null
          ? `therapist ${user.therapist_id}'s login`
          : user.is_superadmin
            ? 'superadmin'
            : 'admin';
      return [`Created ${role} ${user.email}${user.is_active ? '' : ' (inactive)'}.`];
    }
    case 'list': {
      const users = await service.listAdmins();
      if (users.length === 0) return ['No admin users.'];
      return users.map(
        (user) =>
          `${user.email}\t${user.therapist_id !== null ? `therapist ${user.therapist_id}` : user.role}\t${user.is_active ? 'active' : 'inactive'}\tlast login: ${user.last_login_at ?? 'never'}`,
      );
    }
    case 'deactivate': {
      const email = need('email');
      await service.deactivateAdmin(email);
      return [`Deactivated ${email}; their sessions end now.`];
    }
    case 'reset-password': {
      const email = need('email');
      await service.resetPassword(email, need('password'));
      return [`Password of ${email} reset; earlier sessions end now.`];
    }
    default:
      throw badRequest(`Unknown command "${command}"\n${ADMIN_CLI_USAGE}`);
  }
}

/** `--therapist ID`: a therapist's id, a whole number. */
function therapistIdOf(value: string | boolean | undefined): number | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^[1-9]\d{0,8}$/.test(value)) {
    throw badRequest(`--therapist needs a therapist's id (a whole number)\n${ADMIN_CLI_USAGE}`);
  }
  return Number(value);
}
