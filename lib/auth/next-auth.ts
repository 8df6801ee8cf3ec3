import "server-only";
// The next-auth instance: route handlers for /api/auth/*, auth() and the sign-in/out actions.
import NextAuth from "next-auth";
import { authConfig } from "./config";

// A function, not an object: the configuration (and the environment) is read per request.
export const { handlers, auth, signIn, signOut } = NextAuth(() => authConfig());
