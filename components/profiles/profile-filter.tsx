import { buttonClasses } from "@/components/ui/button";
import { inputClasses, labelClasses } from "@/components/metadata/input-classes";

export interface ProfileFilterProps {
  stat: "active" | "inactive" | "all";
  query: string;
}

// The list's filters as a plain GET form: it works before any script loads, and the URL keeps them.
export function ProfileFilter({ stat, query }: ProfileFilterProps) {
  return (
    <form
      method="get"
      role="search"
      aria-label="Filter profiles"
      className="flex flex-wrap items-end gap-4"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor="profile-stat" className={labelClasses}>
          Status
        </label>
        <select
          id="profile-stat"
          name="stat"
          defaultValue={stat}
          className={inputClasses("h-10 w-44")}
        >
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
          <option value="all">All</option>
        </select>
      </div>
      <div className="flex min-w-60 flex-1 flex-col gap-1.5">
        <label htmlFor="profile-query" className={labelClasses}>
          Search profiles
        </label>
        <input
          id="profile-query"
          name="q"
          type="search"
          defaultValue={query}
          placeholder="Words from the ID or description"
          className={inputClasses("h-10")}
        />
      </div>
      <button type="submit" className={buttonClasses("secondary")}>
        Apply filters
      </button>
    </form>
  );
}
