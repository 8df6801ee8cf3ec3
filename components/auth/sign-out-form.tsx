import { signOutAction } from "@/lib/auth/actions";
import { buttonClasses } from "@/components/ui/button";

// The user menu's "Sign out", rendered on the server: the menu around it is a client component on
// every page, and the button's class merging would bring tailwind-merge into every page's script.
export function SignOutForm() {
  return (
    <form action={signOutAction} className="mt-3">
      <button type="submit" className={buttonClasses("secondary", "sm", "w-full")}>
        Sign out
      </button>
    </form>
  );
}
