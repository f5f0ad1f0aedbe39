//go:build sampling

package sampling_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
)

// The tiny model: a llama architecture with two layers and random weights,
// whose vocabulary is the 256 bytes (SentencePiece byte tokens) and three
// special tokens, so that every text is tokenizable and a grammar can
// always go on byte by byte.
const (
	nEmbd  = 32
	nHead  = 4
	nFF    = 64
	nLayer = 2
	nVocab = 3 + 256
)

// gguf writes GGUF version 3.
type gguf struct {
	kv      bytes.Buffer
	nKV     uint64
	infos   bytes.Buffer
	data    bytes.Buffer
	nTensor uint64
}

const (
	tUint32  = 4
	tInt32   = 5
	tFloat32 = 6
	tString  = 8
	tArray   = 9
)

func putString(b *bytes.Buffer, s string) {
	binary.Write(b, binary.LittleEndian, uint64(len(s)))
	b.WriteString(s)
}

func (g *gguf) str(key, v string) {
	putString(&g.kv, key)
	binary.Write(&g.kv, binary.LittleEndian, uint32(tString))
	putString(&g.kv, v)
	g.nKV++
}

func (g *gguf) u32(key string, v uint32) {
	putString(&g.kv, key)
	binary.Write(&g.kv, binary.LittleEndian, uint32(tUint32))
	binary.Write(&g.kv, binary.LittleEndian, v)
	g.nKV++
}

func (g *gguf) f32(key string, v float32) {
	putString(&g.kv, key)
	binary.Write(&g.kv, binary.LittleEndian, uint32(tFloat32))
	binary.Write(&g.kv, binary.LittleEndian, v)
	g.nKV++
}

func (g *gguf) array(key string, elem uint32, n int, write func(b *bytes.Buffer, i int)) {
	putString(&g.kv, key)
	binary.Write(&g.kv, binary.LittleEndian, uint32(tArray))
	binary.Write(&g.kv, binary.LittleEndian, elem)
	binary.Write(&g.kv, binary.LittleEndian, uint64(n))
	for i := range n {
		write(&g.kv, i)
	}
	g.nKV++
}

// tensor adds an F32 tensor of the given dimensions (innermost first).
func (g *gguf) tensor(name string, rng *rand.Rand, scale float32, dims ...uint64) {
	putString(&g.infos, name)
	binary.Write(&g.infos, binary.LittleEndian, uint32(len(dims)))
	n := uint64(1)
	for _, d := range dims {
		binary.Write(&g.infos, binary.LittleEndian, d)
		n *= d
	}
	binary.Write(&g.infos, binary.LittleEndian, uint32(0)) // F32
	binary.Write(&g.infos, binary.LittleEndian, uint64(g.data.Len()))
	for range n {
		v := scale
		if rng != nil {
			v = scale * float32(rng.NormFloat64())
		}
		binary.Write(&g.data, binary.LittleEndian, math.Float32bits(v))
	}
	for g.data.Len()%32 != 0 {
		g.data.WriteByte(0)
	}
	g.nTensor++
}

// writeModel writes the tiny model to path.
func writeModel(path string, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 1))
	var g gguf
	g.str("general.architecture", "llama")
	g.str("general.name", "toolparse-tiny")
	g.u32("general.alignment", 32)
	g.u32("llama.context_length", 4096)
	g.u32("llama.embedding_length", nEmbd)
	g.u32("llama.block_count", nLayer)
	g.u32("llama.feed_forward_length", nFF)
	g.u32("llama.attention.head_count", nHead)
	g.u32("llama.attention.head_count_kv", nHead)
	g.u32("llama.rope.dimension_count", nEmbd/nHead)
	g.f32("llama.attention.layer_norm_rms_epsilon", 1e-5)
	g.str("tokenizer.ggml.model", "llama")
	token := func(i int) string {
		switch i {
		case 0:
			return "<unk>"
		case 1:
			return "<s>"
		case 2:
			return "</s>"
		}
		return fmt.Sprintf("<0x%02X>", i-3)
	}
	g.array("tokenizer.ggml.tokens", tString, nVocab, func(b *bytes.Buffer, i int) { putString(b, token(i)) })
	g.array("tokenizer.ggml.scores", tFloat32, nVocab, func(b *bytes.Buffer, i int) { binary.Write(b, binary.LittleEndian, float32(0)) })
	g.array("tokenizer.ggml.token_type", tInt32, nVocab, func(b *bytes.Buffer, i int) {
		typ := int32(6) // byte
		switch i {
		case 0:
			typ = 2 // unknown
		case 1, 2:
			typ = 3 // control
		}
		binary.Write(b, binary.LittleEndian, typ)
	})
	g.u32("tokenizer.ggml.unknown_token_id", 0)
	g.u32("tokenizer.ggml.bos_token_id", 1)
	g.u32("tokenizer.ggml.eos_token_id", 2)

	const w = 0.02
	g.tensor("token_embd.weight", rng, w, nEmbd, nVocab)
	g.tensor("output_norm.weight", nil, 1, nEmbd)
	g.tensor("output.weight", rng, w, nEmbd, nVocab)
	for l := range nLayer {
		p := fmt.Sprintf("blk.%d.", l)
		g.tensor(p+"attn_norm.weight", nil, 1, nEmbd)
		g.tensor(p+"attn_q.weight", rng, w, nEmbd, nEmbd)
		g.tensor(p+"attn_k.weight", rng, w, nEmbd, nEmbd)
		g.tensor(p+"attn_v.weight", rng, w, nEmbd, nEmbd)
		g.tensor(p+"attn_output.weight", rng, w, nEmbd, nEmbd)
		g.tensor(p+"ffn_norm.weight", nil, 1, nEmbd)
		g.tensor(p+"ffn_gate.weight", rng, w, nEmbd, nFF)
		g.tensor(p+"ffn_up.weight", rng, w, nEmbd, nFF)
		g.tensor(p+"ffn_down.weight", rng, w, nFF, nEmbd)
	}

	var out bytes.Buffer
	out.WriteString("GGUF")
	binary.Write(&out, binary.LittleEndian, uint32(3))
	binary.Write(&out, binary.LittleEndian, g.nTensor)
	binary.Write(&out, binary.LittleEndian, g.nKV)
	out.Write(g.kv.Bytes())
	out.Write(g.infos.Bytes())
	for out.Len()%32 != 0 {
		out.WriteByte(0)
	}
	out.Write(g.data.Bytes())
	return os.WriteFile(path, out.Bytes(), 0o644)
}
