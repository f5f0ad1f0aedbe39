// Package grammartest is a small matcher for the EBNF subset the grammar
// package writes (rules "name ::= expr" one per line; "literals" with
// \" \\ \n \r \t escapes; [classes] with ranges, ^ and \x escapes; ( ) | ?
// * + and rule names), so tests can check which strings a grammar accepts.
// It is for tests: it matches by sets of end positions, simply, not fast.
package grammartest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

type kind int

const (
	kLit kind = iota
	kClass
	kRef
	kSeq
	kAlt
	kOpt
	kStar
	kPlus
)

type node struct {
	kind   kind
	lit    string
	ranges [][2]rune
	negate bool
	ref    string
	kids   []*node
}

// Grammar is a compiled grammar.
type Grammar struct {
	rules map[string]*node
	src   string
}

// String returns the grammar's text.
func (g *Grammar) String() string { return g.src }

// Compile reads a grammar.
func Compile(ebnf string) (*Grammar, error) {
	g := &Grammar{rules: map[string]*node{}, src: ebnf}
	for _, line := range strings.Split(ebnf, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		name, body, ok := strings.Cut(line, " ::= ")
		if !ok {
			return nil, fmt.Errorf("not a rule: %q", line)
		}
		p := &parser{s: body}
		n, err := p.alt()
		if err != nil {
			return nil, fmt.Errorf("rule %s: %w", name, err)
		}
		if p.skip(); p.i != len(p.s) {
			return nil, fmt.Errorf("rule %s: text left at %d: %q", name, p.i, p.s[p.i:])
		}
		g.rules[strings.TrimSpace(name)] = n
	}
	if g.rules["root"] == nil {
		return nil, fmt.Errorf("no root rule")
	}
	for name, n := range g.rules {
		if err := g.check(n); err != nil {
			return nil, fmt.Errorf("rule %s: %w", name, err)
		}
	}
	return g, nil
}

func (g *Grammar) check(n *node) error {
	if n.kind == kRef && g.rules[n.ref] == nil {
		return fmt.Errorf("undefined rule %s", n.ref)
	}
	for _, k := range n.kids {
		if err := g.check(k); err != nil {
			return err
		}
	}
	return nil
}

type parser struct {
	s string
	i int
}

func (p *parser) skip() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *parser) alt() (*node, error) {
	var alts []*node
	for {
		n, err := p.seq()
		if err != nil {
			return nil, err
		}
		alts = append(alts, n)
		if p.skip(); p.i < len(p.s) && p.s[p.i] == '|' {
			p.i++
			continue
		}
		break
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return &node{kind: kAlt, kids: alts}, nil
}

func (p *parser) seq() (*node, error) {
	var items []*node
	for {
		p.skip()
		if p.i >= len(p.s) || p.s[p.i] == '|' || p.s[p.i] == ')' {
			break
		}
		n, err := p.postfix()
		if err != nil {
			return nil, err
		}
		items = append(items, n)
	}
	if len(items) == 1 {
		return items[0], nil
	}
	return &node{kind: kSeq, kids: items}, nil
}

func (p *parser) postfix() (*node, error) {
	n, err := p.atom()
	if err != nil {
		return nil, err
	}
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case '?':
			n = &node{kind: kOpt, kids: []*node{n}}
		case '*':
			n = &node{kind: kStar, kids: []*node{n}}
		case '+':
			n = &node{kind: kPlus, kids: []*node{n}}
		default:
			return n, nil
		}
		p.i++
	}
	return n, nil
}

func (p *parser) atom() (*node, error) {
	switch c := p.s[p.i]; {
	case c == '"':
		return p.literal()
	case c == '[':
		return p.class()
	case c == '(':
		p.i++
		n, err := p.alt()
		if err != nil {
			return nil, err
		}
		if p.skip(); p.i >= len(p.s) || p.s[p.i] != ')' {
			return nil, fmt.Errorf("missing ) at %d", p.i)
		}
		p.i++
		return n, nil
	default:
		j := p.i
		for j < len(p.s) && (p.s[j] == '-' || p.s[j] >= 'a' && p.s[j] <= 'z' || p.s[j] >= 'A' && p.s[j] <= 'Z' || p.s[j] >= '0' && p.s[j] <= '9') {
			j++
		}
		if j == p.i {
			return nil, fmt.Errorf("unexpected %q at %d", c, p.i)
		}
		n := &node{kind: kRef, ref: p.s[p.i:j]}
		p.i = j
		return n, nil
	}
}

// escape reads the escape after a backslash at p.s[p.i-1].
func (p *parser) escape() (rune, error) {
	c := p.s[p.i]
	p.i++
	switch c {
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'x':
		v, err := strconv.ParseUint(p.s[p.i:p.i+2], 16, 8)
		p.i += 2
		return rune(v), err
	}
	return rune(c), nil
}

func (p *parser) literal() (*node, error) {
	p.i++
	var sb strings.Builder
	for p.i < len(p.s) && p.s[p.i] != '"' {
		if p.s[p.i] == '\\' {
			p.i++
			r, err := p.escape()
			if err != nil {
				return nil, err
			}
			sb.WriteRune(r)
			continue
		}
		r, n := utf8.DecodeRuneInString(p.s[p.i:])
		sb.WriteRune(r)
		p.i += n
	}
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("unterminated literal")
	}
	p.i++
	return &node{kind: kLit, lit: sb.String()}, nil
}

func (p *parser) class() (*node, error) {
	p.i++
	n := &node{kind: kClass}
	if p.i < len(p.s) && p.s[p.i] == '^' {
		n.negate = true
		p.i++
	}
	read := func() (rune, error) {
		if p.s[p.i] == '\\' {
			p.i++
			return p.escape()
		}
		r, size := utf8.DecodeRuneInString(p.s[p.i:])
		p.i += size
		return r, nil
	}
	for p.i < len(p.s) && p.s[p.i] != ']' {
		lo, err := read()
		if err != nil {
			return nil, err
		}
		hi := lo
		if p.i+1 < len(p.s) && p.s[p.i] == '-' && p.s[p.i+1] != ']' {
			p.i++
			if hi, err = read(); err != nil {
				return nil, err
			}
		}
		n.ranges = append(n.ranges, [2]rune{lo, hi})
	}
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("unterminated class")
	}
	p.i++
	return n, nil
}

// Match reports whether the grammar's root accepts all of s.
func (g *Grammar) Match(s string) bool {
	m := &matcher{g: g, s: s, memo: map[memoKey][]int{}}
	for _, end := range m.match(g.rules["root"], 0) {
		if end == len(s) {
			return true
		}
	}
	return false
}

type memoKey struct {
	rule string
	pos  int
}

type matcher struct {
	g    *Grammar
	s    string
	memo map[memoKey][]int
}

func (m *matcher) match(n *node, pos int) []int {
	switch n.kind {
	case kLit:
		if strings.HasPrefix(m.s[pos:], n.lit) {
			return []int{pos + len(n.lit)}
		}
		return nil
	case kClass:
		if pos >= len(m.s) {
			return nil
		}
		r, size := utf8.DecodeRuneInString(m.s[pos:])
		in := false
		for _, rg := range n.ranges {
			in = in || (r >= rg[0] && r <= rg[1])
		}
		if in != n.negate {
			return []int{pos + size}
		}
		return nil
	case kRef:
		k := memoKey{n.ref, pos}
		if ends, ok := m.memo[k]; ok {
			return ends
		}
		m.memo[k] = nil // a rule that reaches itself at the same place matches nothing more
		ends := m.match(m.g.rules[n.ref], pos)
		m.memo[k] = ends
		return ends
	case kSeq:
		cur := []int{pos}
		for _, kid := range n.kids {
			cur = m.all(kid, cur)
			if len(cur) == 0 {
				return nil
			}
		}
		return cur
	case kAlt:
		var out []int
		for _, kid := range n.kids {
			out = union(out, m.match(kid, pos))
		}
		return out
	case kOpt:
		return union([]int{pos}, m.match(n.kids[0], pos))
	}
	// star and plus
	seen := []int{}
	frontier := []int{pos}
	if n.kind == kStar {
		seen = []int{pos}
	}
	for len(frontier) > 0 {
		next := m.all(n.kids[0], frontier)
		frontier = nil
		for _, e := range next {
			if !contains(seen, e) {
				seen = append(seen, e)
				frontier = append(frontier, e)
			}
		}
	}
	return seen
}

func (m *matcher) all(n *node, from []int) []int {
	var out []int
	for _, p := range from {
		out = union(out, m.match(n, p))
	}
	return out
}

func union(a, b []int) []int {
	for _, x := range b {
		if !contains(a, x) {
			a = append(a, x)
		}
	}
	return a
}

func contains(a []int, x int) bool {
	for _, y := range a {
		if y == x {
			return true
		}
	}
	return false
}
