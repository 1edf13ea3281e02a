/**
 * Words that never become identifier or term cues when read from free text.
 * Explicit symbol fields (`change_summary`, definitions in diffs) are exempt:
 * a Go function may well be called `New` or `With`.
 */

/** English function words and commit-message verbs (compared lowercase). */
const ENGLISH = `
a about above after again against all almost along already also although always am among an and another any anything
are around as at away back be because been before behind being below between both but by can cannot could did do does
doing done down during each either else enough etc even ever every few for from further get gets getting given gives
go goes going got had has have having he her here hers him his how however i ie if in instead into is it its itself
just last least less let lets like likely made make makes making many may me might more most much must my need needed
needs neither never new next no nor not nothing now of off often on once one only onto or other others otherwise our
out over own per please rather really same see seem seems seen several shall she should show shows since so some
something still such than that the their them themselves then there therefore these they thing things this those
though through thus to too two under unless until up upon us very via was way ways we well were what whatever when
whenever where whether which while who whom whose why will with within without would yet you your
add adds added adding fix fixes fixed fixing feat chore refactor perf docs doc style update updates updated updating
remove removes removed removing change changes changed changing improve improves improved improvement use uses used
using support supports supported allow allows allowed ensure ensures handle handles handled instead case cases work
works working correctly correct properly issue issues bug bugs problem now able unable want wants note notes example
thanks thank
`;

/** Language keywords, builtins and names present in every program (compared lowercase). */
const CODE = `
def class return import from print len str int float list dict set tuple bool bytes object none null nil undefined
true false var let const func function fn struct impl pub self this super new public private protected static void
final async await yield try catch except finally raise throw throws else elif while for break continue pass switch
default type interface package module export exports require mut ref use mod crate match loop where enum trait extends
implements instanceof typeof delete global nonlocal and or not is in of lambda assert string boolean double char byte
long short any unknown never err error errors exception exceptions test tests testing spec specs expected actual
value values result results data args kwargs arg argv params param self cls ctx obj tmp foo bar baz qux todo fixme
main init get set
`;

/** Words of test-runner and traceback chrome (compared lowercase). */
const RUNNER = `
traceback most recent call line lines file files failed failure failures fail passed pass skipped skip xfail xpass
deselected warnings warning summary info short seconds python python3 pytest unittest cargo rustc npm npx node yarn
pnpm jest vitest mocha gradle mvn maven running run stdout stderr panicked panic thread note backtrace finished
filtered measured ignored rerun goroutine exit status signal recovered caused more native method unknown source
anonymous internal process diff index http https www com org github java javax kotlin
`;

function wordSet(...lists: string[]): ReadonlySet<string> {
  return new Set(lists.flatMap((list) => list.split(/\s+/).filter(Boolean)));
}

/** Lowercase words dropped from identifier and term cues read out of free text. */
export const STOP_WORDS: ReadonlySet<string> = wordSet(ENGLISH, CODE, RUNNER);

/** Keywords and everywhere-names, compared exactly (so `With` and `New` survive, `with` and `new` do not). */
const CODE_EXACT: ReadonlySet<string> = wordSet(CODE, 'None True False Self NULL');

/**
 * Code-shaped names that carry no information about the repository: builtin
 * exception types, assertion helpers, runtime internals (compared exactly).
 */
export const NOISE_IDENTIFIERS: ReadonlySet<string> = wordSet(`
AssertionError TypeError ValueError KeyError IndexError AttributeError RuntimeError NameError ImportError
ModuleNotFoundError NotImplementedError StopIteration OSError IOError FileNotFoundError ZeroDivisionError OverflowError
RecursionError UnicodeDecodeError UnicodeEncodeError SyntaxError ReferenceError RangeError Exception BaseException
DeprecationWarning UserWarning NullPointerException IllegalArgumentException IllegalStateException
UnsupportedOperationException RuntimeException AssertionFailedError ClassCastException IndexOutOfBoundsException
ArrayIndexOutOfBoundsException NumberFormatException ComparisonFailure InvocationTargetException
processTicksAndRejections assertEqual assertEquals assertNotEqual assertTrue assertFalse assertRaises
assertRaisesRegex assertIn assertIs assertIsNone assertIsNotNone assertThat assertThrows assertNotNull assertNull
assertSame assertArrayEquals toBe toEqual toStrictEqual toHaveBeenCalled toHaveBeenCalledWith toThrow toMatchSnapshot
toMatchInlineSnapshot __init__ __call__ __main__ __name__ __eq__ __repr__ __str__ isinstance hasattr getattr setattr
RUST_BACKTRACE toString hashCode getClass valueOf
`);

/** True when a word read from prose must not become a cue (case-insensitive, plus the noise names). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word.toLowerCase()) || NOISE_IDENTIFIERS.has(word) || DUNDER.test(word);
}

/** Python special names (`__getattribute__`): every class has them. */
const DUNDER = /^__\w+__$/;

/** True when a name read from code (backticks, diff lines, frames) is a keyword or a noise name (exact case). */
export function isCodeStopWord(word: string): boolean {
  return CODE_EXACT.has(word) || NOISE_IDENTIFIERS.has(word) || DUNDER.test(word);
}

/**
 * Standard-library calls and builtin types seen on changed lines in every
 * language (`unwrap_or_else`, `forEach`, `Sprintf`, `String`, `@Override`):
 * they link the diff to nothing in particular (compared exactly).
 */
export const COMMON_CALLS: ReadonlySet<string> = wordSet(`
unwrap unwrap_or unwrap_or_else unwrap_or_default expect as_ref as_mut as_deref as_str as_slice to_string to_owned
clone into iter iter_mut into_iter map collect is_some is_none is_ok is_err ok_or ok_or_else and_then push push_str
len is_empty contains insert get_mut extend format println eprintln write writeln vec Some Ok Err Option Result Vec
Box String Rc Arc HashMap HashSet BTreeMap BTreeSet
push pop map filter forEach includes join split slice splice concat keys values entries fromEntries flatMap reduce
find findIndex some every indexOf replace trim startsWith endsWith toLowerCase toUpperCase stringify parse then
resolve reject log console JSON Math Date RegExp Symbol Number Boolean Array Object Promise Record Partial Readonly
append items strip lstrip rstrip startswith endswith lower upper update sorted enumerate range
Errorf Sprintf Printf Println Fatalf Fatal Helper
equals println size isEmpty stream asList Integer Long Double Float Character Byte Short Void Class Iterable
Iterator List Map Set Optional Collections Arrays System StringBuilder HashMap ArrayList HashSet Override Deprecated
SuppressWarnings FunctionalInterface SafeVarargs Nullable NonNull
`);
