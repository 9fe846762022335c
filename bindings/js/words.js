// Generated from src/messages/*.json (ids js.*) by scripts/gen-types.mjs. Do not edit.
// The wrapper's own words (its load and usage errors) in each language of the catalogs: say(lang, id,
// params) puts each {name} in; a language the catalogs lack says English.
const WORDS = {
 "en": {
  "js.requestTooLarge": "request text is larger than {limit} bytes",
  "js.notUtf8": "request is not valid JSON (UTF-8)",
  "js.tooManyKeys": "an object has more than 256 keys",
  "js.tooDeep": "request nests deeper than 64 levels (or is cyclic)",
  "js.notAnObject": "a request is a JSON object",
  "js.notSerialisable": "request cannot be serialised as JSON: {error}",
  "js.unreadable": "request cannot be read: {error}",
  "js.noMemory": "no memory for the request text",
  "js.textUnreadable": "request text cannot be read: {error}",
  "js.verifyOptions": "options must be an object {shape}",
  "js.requireCommitReveal": "requireCommitReveal must be true or false",
  "js.batchNotArray": "a batch is an array of requests",
  "js.batchCall": "call must be resolve, odds or lookup",
  "js.pairsType": "pairs must be an Int32Array of (column, roll) pairs",
  "js.pairsOdd": "pairs holds (column, roll) pairs: its length must be even",
  "js.pairsTooMany": "at most {max} pairs per call",
  "js.pairsDetached": "pairs is unreadable (its buffer was detached, e.g. transferred to a worker)",
  "js.lang": "{where}: lang is 'en' or 'fr', not {lang}",
  "js.cannotLocate": "grapeshot: cannot locate the engine's WebAssembly ({error}: no import.meta.url in this bundle?); {hint}",
  "js.cannotLoad": "grapeshot: cannot load the engine's WebAssembly from {url} ({error}); {hint}",
  "js.notWasm": "grapeshot: {url} is not WebAssembly: it answered beginning {opening} (a page served for every path, or an error page?) where grapeshot-core.wasm belongs; {hint}",
  "js.notWasmTyped": "grapeshot: {url} is not WebAssembly: it answered {type} beginning {opening} (a page served for every path, or an error page?) where grapeshot-core.wasm belongs; {hint}",
  "js.doesNotCompile": "grapeshot: {url} does not compile as WebAssembly ({error}): is it this version's grapeshot-core.wasm? {hint}",
  "js.binaryNotWasm": "grapeshot: the wasmBinary given is not WebAssembly (it begins {opening}): pass the bytes of grapeshot-core.wasm",
  "js.hintBrowser": "serve node_modules/grapeshot/dist/grapeshot-core.wasm at that URL, or pass createEngine({wasmUrl}) with the URL you serve it at (a relative one is resolved against the script that imports grapeshot), {wasmBinary} or {wasmModule} (esbuild and Rollup do not copy the file: copy it next to your bundle, or import wasmUrl from 'grapeshot/grapeshot.wasm' with esbuild --loader:.wasm=file)",
  "js.hintNode": "pass createEngine({wasmUrl}) with the file path of grapeshot-core.wasm (a relative path is resolved against the working directory) or its URL, {wasmBinary} (its bytes) or {wasmModule}",
  "js.fileUrl": "a file: URL cannot be fetched (in Node, import 'grapeshot' by its package name)",
  "js.aborted": "the grapeshot call was aborted",
  "js.notSent": "request cannot be sent to the worker: {error}",
  "js.catalogNoMemory": "grapeshot: no memory for the {lang} catalog",
  "js.catalogRefused": "grapeshot: cannot load the {lang} catalog: {why}",
  "js.catalogNotLoaded": "grapeshot: rulesets in {lang} asked for before the {lang} catalog is loaded: pass langs: ['{lang}'] to createEngine, or await engine.loadLanguage('{lang}') first",
  "js.langsNotArray": "createEngine: langs is an array of languages, e.g. ['fr']"
 },
 "fr": {
  "js.requestTooLarge": "le texte de la requête dépasse {limit} octets",
  "js.notUtf8": "la requête n'est pas du JSON valide (UTF-8)",
  "js.tooManyKeys": "un objet a plus de 256 clés",
  "js.tooDeep": "la requête s'imbrique sur plus de 64 niveaux (ou est cyclique)",
  "js.notAnObject": "une requête est un objet JSON",
  "js.notSerialisable": "la requête ne peut pas être sérialisée en JSON : {error}",
  "js.unreadable": "la requête ne peut pas être lue : {error}",
  "js.noMemory": "pas de mémoire pour le texte de la requête",
  "js.textUnreadable": "le texte de la requête ne peut pas être lu : {error}",
  "js.verifyOptions": "options est un objet {shape}",
  "js.requireCommitReveal": "requireCommitReveal vaut true ou false",
  "js.batchNotArray": "un lot est un tableau de requêtes",
  "js.batchCall": "call vaut resolve, odds ou lookup",
  "js.pairsType": "pairs est un Int32Array de paires (colonne, jet)",
  "js.pairsOdd": "pairs contient des paires (colonne, jet) : sa longueur doit être paire",
  "js.pairsTooMany": "au plus {max} paires par appel",
  "js.pairsDetached": "pairs est illisible (son tampon a été détaché, par exemple transféré à un worker)",
  "js.lang": "{where} : lang vaut 'en' ou 'fr', pas {lang}",
  "js.cannotLocate": "grapeshot : impossible de trouver le WebAssembly du moteur ({error} : pas d'import.meta.url dans ce bundle ?) ; {hint}",
  "js.cannotLoad": "grapeshot : impossible de charger le WebAssembly du moteur depuis {url} ({error}) ; {hint}",
  "js.notWasm": "grapeshot : {url} n'est pas du WebAssembly : la réponse commence par {opening} (une page servie pour tout chemin, ou une page d'erreur ?) là où grapeshot-core.wasm devrait être ; {hint}",
  "js.notWasmTyped": "grapeshot : {url} n'est pas du WebAssembly : la réponse ({type}) commence par {opening} (une page servie pour tout chemin, ou une page d'erreur ?) là où grapeshot-core.wasm devrait être ; {hint}",
  "js.doesNotCompile": "grapeshot : {url} ne se compile pas en WebAssembly ({error}) : est-ce le grapeshot-core.wasm de cette version ? {hint}",
  "js.binaryNotWasm": "grapeshot : le wasmBinary donné n'est pas du WebAssembly (il commence par {opening}) : passez les octets de grapeshot-core.wasm",
  "js.hintBrowser": "servez node_modules/grapeshot/dist/grapeshot-core.wasm à cette URL, ou passez createEngine({wasmUrl}) avec l'URL où vous le servez (une URL relative se résout par rapport au script qui importe grapeshot), {wasmBinary} ou {wasmModule} (esbuild et Rollup ne copient pas le fichier : copiez-le à côté de votre bundle, ou importez wasmUrl de 'grapeshot/grapeshot.wasm' avec esbuild --loader:.wasm=file)",
  "js.hintNode": "passez createEngine({wasmUrl}) avec le chemin du fichier grapeshot-core.wasm (un chemin relatif se résout par rapport au répertoire de travail) ou son URL, {wasmBinary} (ses octets) ou {wasmModule}",
  "js.fileUrl": "une URL file: ne peut pas être lue par fetch (dans Node, importez 'grapeshot' par le nom du paquet)",
  "js.aborted": "l'appel à grapeshot a été annulé",
  "js.notSent": "la requête ne peut pas être envoyée au worker : {error}",
  "js.catalogNoMemory": "grapeshot : pas de mémoire pour le catalogue {lang}",
  "js.catalogRefused": "grapeshot : impossible de charger le catalogue {lang} : {why}",
  "js.catalogNotLoaded": "grapeshot : rulesets en {lang} demandé avant le chargement du catalogue {lang} : passer langs: ['{lang}'] à createEngine, ou attendre engine.loadLanguage('{lang}') d'abord",
  "js.langsNotArray": "createEngine : langs est un tableau de langues, par ex. ['fr']"
 }
};

export function say(lang, id, params = {}) {
  const words = WORDS[lang] ?? WORDS.en;
  return (words[id] ?? WORDS.en[id]).replace(/\{(\w+)\}/g, (_, name) => String(params[name]));
}

/** The language of a request (its own `lang`, if it says one the catalogs have), else `fallback`. */
export function langOf(request, fallback = 'en') {
  try {
    const lang = request !== null && typeof request === 'object' ? request.lang : undefined;
    return typeof lang === 'string' && lang in WORDS ? lang : fallback;
  } catch {
    return fallback;  // a getter that throws: the fallback
  }
}
