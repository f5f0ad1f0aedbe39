//go:build sampling

// The constrained-sampling loop (see doc.go). It needs node and
// node-llama-cpp (npm install in this folder); .ci/run runs it with -tags
// sampling.
package sampling_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/toolparse/toolparse/formats" // every shipped format
	"github.com/toolparse/toolparse/policy"
	"github.com/toolparse/toolparse/schema"
	"github.com/toolparse/toolparse/stream"
	"github.com/toolparse/toolparse/toolcall"
)

// formats are the described formats that constrain decoding.
var formats = func() []toolcall.Format {
	var out []toolcall.Format
	for _, d := range toolcall.Descriptors() {
		if d.Constrainer != nil {
			out = append(out, d.Format)
		}
	}
	return out
}()

// tools are a coding agent's and a weather app's, with the types the
// readers must agree with the grammars on.
var tools = []toolcall.Tool{
	{Name: "write_file", Parameters: json.RawMessage(`{"type":"object","properties":{
		"path":{"type":"string"},"content":{"type":"string"},"mode":{"type":"string","enum":["create","append"]},
		"note":{"type":["string","null"]}},"required":["path","content"]}`)},
	{Name: "get-weather", Parameters: json.RawMessage(`{"type":"object","properties":{
		"city":{"type":"string"},"days":{"type":"integer"},"scale":{"type":"number"},"metric":{"type":"boolean"},
		"tags":{"type":"array","items":{"type":"string"}}},"required":["city"]}`)},
	{Name: "ping"},
}

// seeds per format and tool choice.
var seeds = []int{1, 2, 3, 4, 5, 6, 7, 8}

// finishers per format: what opens a text value (or an analysis message)
// and what closes it, which the sampler is nudged toward once the value
// has gone on a while.
var finishers = map[string][]finisher{
	"qwen3_coder": {{"<parameter=", "\n</parameter>"}},
	"glm45":       {{"<arg_value>", "</arg_value>"}},
	"harmony":     {{"analysis<|message|>", "<|end|>"}},
	// Gemma 4's strings open and close with one mark; a bare key runs
	// until its colon.
	"gemma4":   {{`<|"|>`, `<|"|>`}, {"{", ":"}},
	"kimi_k3":  {{`type="string"<|sep|>`, "<|close|>argument<|sep|>"}},
	"minimax":  {{`<parameter name="`, "</parameter>"}},
	"seed_oss": {{"<parameter=", "</parameter>"}},
	// DSML's text values end at their close tag; after an invoke, the
	// next invoke and the block's end both begin "<": the nudge takes
	// the block's end.
	// MiniMax-M3's text values end at their own element's close tag,
	// behind the namespace token.
	"minimax_m3": {{"<path>", "]<]minimax[>[</path>"}, {"<content>", "]<]minimax[>[</content>"}, {"<note>", "]<]minimax[>[</note>"},
		{"<city>", "]<]minimax[>[</city>"}, {"<item>", "]<]minimax[>[</item>"}},
	"dsml": {{`string="true">`, "</｜DSML｜ parameter>"}, {"</｜DSML｜ invoke>\n", "</｜DSML｜ calls>"}},
}

type finisher struct {
	Open  string `json:"open"`
	Close string `json:"close"`
}

type job struct {
	ID        string `json:"id"`
	Grammar   string `json:"grammar"`
	Seeds     []int  `json:"seeds"`
	MaxTokens int    `json:"maxTokens"`
	// Finishers are texts that end a value (a text value's close tag),
	// which the sampler is nudged to complete once begun.
	Finishers []finisher `json:"finishers"`
}

type sample struct {
	ID   string `json:"id"`
	Seed int    `json:"seed"`
	Text string `json:"text"`
	Stop string `json:"stop"`
}

func TestSamplesUnderEveryGrammarParseToValidCalls(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "tiny.gguf")
	if err := writeModel(model, 7); err != nil {
		t.Fatal(err)
	}
	reqs := map[string]toolcall.Request{}
	byID := map[string]toolcall.Format{}
	var jobs []job
	for _, f := range formats {
		for _, choice := range []string{"required", "write_file"} {
			req := toolcall.Request{Tools: tools, ToolChoice: choice}
			ebnf, err := f.(toolcall.Constrainer).Grammar(req)
			if err != nil {
				t.Fatalf("%s under %s: %v", f.Name(), choice, err)
			}
			id := f.Name() + "/" + choice
			reqs[id], byID[id] = req, f
			jobs = append(jobs, job{ID: id, Grammar: ebnf, Seeds: seeds, MaxTokens: 1500, Finishers: finishers[f.Name()]})
		}
	}
	jobsPath, outPath := filepath.Join(dir, "jobs.json"), filepath.Join(dir, "samples.json")
	js, _ := json.Marshal(jobs)
	if err := os.WriteFile(jobsPath, js, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "sample.mjs", model, jobsPath, outPath)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("node sample.mjs: %v\n%s", err, out)
	}
	raw, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	var samples []sample
	if err := json.Unmarshal(raw, &samples); err != nil {
		t.Fatal(err)
	}
	type figures struct{ samples, finished, parsed, valid int }
	per := map[string]*figures{}
	for _, s := range samples {
		f := byID[s.ID]
		fig := per[f.Name()]
		if fig == nil {
			fig = &figures{}
			per[f.Name()] = fig
		}
		fig.samples++
		if s.Stop != "eogToken" {
			t.Errorf("%s seed %d did not finish (%s) in %d bytes: %.200q…", s.ID, s.Seed, s.Stop, len(s.Text), s.Text)
			continue
		}
		fig.finished++
		req := reqs[s.ID]
		// Every call, whatever llama4's default policy would keep: the
		// grammar constrains the syntax, not which calls depend on others.
		res := stream.Parse(f, s.Text, req, stream.WithPolicy(policy.Policy{Mode: policy.All}))
		if len(res.Calls) == 0 || strings.TrimSpace(res.Content) != "" {
			t.Errorf("%s seed %d: %q\nparsed to calls %+v, content %q, diagnostics %v", s.ID, s.Seed, s.Text, res.Calls, res.Content, res.Diagnostics)
			continue
		}
		fig.parsed++
		ok := true
		for _, c := range res.Calls {
			i := req.Match(c.Name)
			if i < 0 || req.ToolChoice != "required" && c.Name != req.ToolChoice {
				t.Errorf("%s seed %d: a call of %q, which was not asked for: %q", s.ID, s.Seed, c.Name, s.Text)
				ok = false
				continue
			}
			if d := schema.For(req.Tools[i]).Validate(c.Arguments); len(d) > 0 {
				t.Errorf("%s seed %d: %s %s does not validate: %v\n%q", s.ID, s.Seed, c.Name, c.Arguments, d, s.Text)
				ok = false
			}
		}
		for _, d := range res.Diagnostics {
			t.Errorf("%s seed %d: diagnostic %v\n%q", s.ID, s.Seed, d, s.Text)
			ok = false
		}
		if ok {
			fig.valid++
		}
	}
	for _, f := range formats {
		if fig := per[f.Name()]; fig != nil {
			t.Logf("%-12s samples %d, finished %d, parsed %d, valid %d", f.Name(), fig.samples, fig.finished, fig.parsed, fig.valid)
		}
	}
}
