/**
 * The word a mistyped one most likely meant, for messages that say "did you mean ...": a stack config key, a provider
 * argument, an enumeration's value.
 */

/**
 * The known word `word` most likely misspells: one that differs only in letter case, else the closest by edit distance
 * (insertions, deletions, substitutions and swapped neighbours), if close enough to be a typo and not another word.
 */
export function nearestWord(word: string, known: readonly string[]): string | undefined {
    const lower = word.toLowerCase();
    const sameLetters = known.find((k) => k.toLowerCase() === lower);
    if (sameLetters !== undefined) return sameLetters;
    let best: { word: string; distance: number } | undefined;
    for (const k of known) {
        const distance = editDistance(lower, k.toLowerCase());
        if (best === undefined || distance < best.distance) best = { word: k, distance };
    }
    const allowed = Math.max(1, Math.min(3, Math.floor(word.length / 4)));
    return best !== undefined && best.distance <= allowed ? best.word : undefined;
}

/** Optimal string alignment distance: Levenshtein with adjacent transpositions counted as one edit. */
function editDistance(a: string, b: string): number {
    const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
        }
    }
    return d[a.length]![b.length]!;
}
