import { z } from 'zod';
import { ROLES, USER_ROLES } from './role-names.js';

export * from './role-names.js';

export const roleSchema = z.enum(ROLES);
export const userRoleSchema = z.enum(USER_ROLES);
