// The count under a list's title: how many there are, and while a search narrows the list, how
// many it shows of them ('1 of 3 clients').

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export const listCount = (noun: string, shown: number, total: number, searching: boolean): string =>
  searching ? `${shown} of ${plural(total, noun)}` : plural(total, noun);
