/** The ids of the help and message texts the FieldTemplate renders under a field (rjsf's naming). */
export function describedBy(id: string): string {
  return `${id}__error ${id}__help`;
}
