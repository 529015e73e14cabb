import type { ReactNode } from 'react';

/** An assembly as the church lists it. */
export interface AssemblyChoice {
  slug: string;
  label: string;
}

/**
 * The options of an assembly <select>: first `none` (value "") when given, then each assembly.
 */
export function AssemblyOptions({
  assemblies,
  none,
}: {
  assemblies: readonly AssemblyChoice[] | undefined;
  /** The label of the empty choice ("Choose an assembly", "All assemblies"). */
  none?: ReactNode;
}) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {assemblies?.map((a) => (
        <option key={a.slug} value={a.slug}>
          {a.label}
        </option>
      ))}
    </>
  );
}
