// Verify Hookline webhook signatures in Java 17 (standard library only).
//
// Copy verify() into your receiver and call it with the raw request body (the bytes exactly as
// received, before any JSON binding), the headers with lowercase names and your secret, or for an
// ed25519 subscription its public key whpk_<base64> (GET /v1/webhooks/{id}/signing-key); a
// VerificationException means answer 401. The official Standard Webhooks library for Java
// (com.standardwebhooks:standardwebhooks 1.2.0) checks v1 (HMAC) only, so v1a (Ed25519) is checked
// with the JDK's own Ed25519 signature. Run as a program, it checks every vector of
// schemas/signature-test-vectors.json and exits non-zero on any mismatch:
//
//     java Verify.java [path/to/signature-test-vectors.json]
//
// Java has no JSON parser in its standard library, so the runner carries a minimal one.

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class Verify {
    /** code: missing_header, malformed_header, timestamp_outside_tolerance or no_matching_signature. */
    static class VerificationException extends Exception {
        final String code;

        VerificationException(String code, String message) {
            super(code + ": " + message);
            this.code = code;
        }
    }

    static final Pattern HEX_SHA256 = Pattern.compile("[0-9a-fA-F]{64}");
    static final Pattern BASE64_SHA256 = Pattern.compile("[A-Za-z0-9+/]{43}=");
    static final Pattern BASE64_ED25519 = Pattern.compile("[A-Za-z0-9+/]{86}==");
    /** DER of an Ed25519 SubjectPublicKeyInfo before its 32 key bytes (RFC 8410). */
    static final byte[] ED25519_SPKI_PREFIX = HexFormat.of().parseHex("302a300506032b6570032100");
    static final Pattern UNIX_SECONDS = Pattern.compile("[0-9]{1,15}");

    /** What one scheme's headers say: the signatures, the text signed before the body, the key. */
    record Parsed(List<byte[]> signatures, String prefix, byte[] key, Long timestamp) {}

    static String header(Map<String, String> headers, String name) throws VerificationException {
        String value = headers.getOrDefault(name, "").strip();
        if (value.isEmpty()) throw new VerificationException("missing_header", name);
        return value;
    }

    static long timestamp(String name, String value) throws VerificationException {
        if (!UNIX_SECONDS.matcher(value).matches())
            throw new VerificationException("malformed_header", name + " is not unix seconds");
        return Long.parseLong(value);
    }

    /** "a=1,b=2" into the values of each key, in order. */
    static Map<String, List<String>> keyValues(String name, String value) throws VerificationException {
        Map<String, List<String>> entries = new LinkedHashMap<>();
        for (String raw : value.split(",", -1)) {
            String entry = raw.strip();
            int at = entry.indexOf('=');
            if (at <= 0) throw new VerificationException("malformed_header", name + ": entry is not key=value");
            entries.computeIfAbsent(entry.substring(0, at), k -> new ArrayList<>()).add(entry.substring(at + 1));
        }
        return entries;
    }

    static List<byte[]> hexSignatures(String name, List<String> values) throws VerificationException {
        List<byte[]> signatures = new ArrayList<>();
        for (String v : values) {
            if (!HEX_SHA256.matcher(v).matches())
                throw new VerificationException("malformed_header", name + ": a signature is not 64 hex digits");
            signatures.add(HexFormat.of().parseHex(v));
        }
        if (signatures.isEmpty()) throw new VerificationException("malformed_header", name + " has no signature");
        return signatures;
    }

    /** A whsec_<base64> secret signs Standard Webhooks base64-decoded; any other secret as UTF-8. */
    static byte[] standardWebhooksKey(String secret) {
        return secret.startsWith("whsec_")
                ? Base64.getDecoder().decode(secret.substring(6))
                : secret.getBytes(StandardCharsets.UTF_8);
    }

    static Parsed parse(String scheme, Map<String, String> headers, String secret) throws VerificationException {
        byte[] utf8Key = secret.getBytes(StandardCharsets.UTF_8);
        switch (scheme) {
            case "x-signature": {
                var entries = keyValues("x-signature", header(headers, "x-signature"));
                var signatures = hexSignatures("x-signature", entries.getOrDefault("sha256", List.of()));
                return new Parsed(signatures, "", utf8Key, null);
            }
            case "x-webhook-signature": {
                var entries = keyValues("x-webhook-signature", header(headers, "x-webhook-signature"));
                var times = entries.getOrDefault("t", List.of());
                if (times.size() != 1)
                    throw new VerificationException("malformed_header", "x-webhook-signature needs one t= entry");
                long t = timestamp("x-webhook-signature", times.get(0));
                var signatures = hexSignatures("x-webhook-signature", entries.getOrDefault("v1", List.of()));
                return new Parsed(signatures, times.get(0) + ".", utf8Key, t);
            }
            case "standard-webhooks":
                return parseStandardWebhooks(headers, secret);
            default:
                throw new IllegalArgumentException("unknown scheme " + scheme);
        }
    }

    /** A whpk_ public key checks the v1a (Ed25519) signatures; any other secret the v1 (HMAC) ones. */
    static Parsed parseStandardWebhooks(Map<String, String> headers, String secret) throws VerificationException {
        String id = header(headers, "webhook-id");
        String rawTimestamp = header(headers, "webhook-timestamp");
        long t = timestamp("webhook-timestamp", rawTimestamp);
        boolean asymmetric = secret.startsWith("whpk_");
        String wanted = asymmetric ? "v1a" : "v1";
        Pattern shape = asymmetric ? BASE64_ED25519 : BASE64_SHA256;
        List<byte[]> signatures = new ArrayList<>();
        for (String entry : header(headers, "webhook-signature").split("\\s+")) {
            int at = entry.indexOf(',');
            if (at <= 0) throw new VerificationException("malformed_header", "webhook-signature: not version,signature");
            if (!entry.substring(0, at).equals(wanted)) continue; // the other versions are not this key's
            String value = entry.substring(at + 1);
            if (!shape.matcher(value).matches())
                throw new VerificationException("malformed_header", "webhook-signature: a " + wanted + " is malformed");
            signatures.add(Base64.getDecoder().decode(value));
        }
        if (signatures.isEmpty())
            throw new VerificationException("malformed_header", "webhook-signature has no " + wanted);
        byte[] key = asymmetric ? Base64.getDecoder().decode(secret.substring(5)) : standardWebhooksKey(secret);
        return new Parsed(signatures, id + "." + rawTimestamp + ".", key, t);
    }

    /** Ed25519 with the JDK (15+): the public key's 32 bytes as an X.509 SubjectPublicKeyInfo. */
    static boolean ed25519Verifies(byte[] rawPublicKey, byte[] message, byte[] signature) throws Exception {
        if (rawPublicKey.length != 32) throw new IllegalArgumentException("a whpk_ key is base64 of 32 bytes");
        byte[] der = new byte[ED25519_SPKI_PREFIX.length + 32];
        System.arraycopy(ED25519_SPKI_PREFIX, 0, der, 0, ED25519_SPKI_PREFIX.length);
        System.arraycopy(rawPublicKey, 0, der, ED25519_SPKI_PREFIX.length, 32);
        PublicKey key = KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der));
        Signature verifier = Signature.getInstance("Ed25519");
        verifier.initVerify(key);
        verifier.update(message);
        return verifier.verify(signature);
    }

    static void verify(String scheme, byte[] body, Map<String, String> headers, String secret, long now,
            long toleranceSeconds) throws Exception {
        if (secret.startsWith("whpk_") && !scheme.equals("standard-webhooks"))
            throw new IllegalArgumentException("a whpk_ public key verifies Standard Webhooks (v1a) only");
        Parsed parsed = parse(scheme, headers, secret);
        if (parsed.timestamp() != null && Math.abs(now - parsed.timestamp()) > toleranceSeconds)
            throw new VerificationException("timestamp_outside_tolerance", parsed.timestamp() + " is too far from now");
        if (secret.startsWith("whpk_")) {
            byte[] message = concat(parsed.prefix().getBytes(StandardCharsets.UTF_8), body);
            for (byte[] signature : parsed.signatures())
                if (ed25519Verifies(parsed.key(), message, signature)) return;
            throw new VerificationException("no_matching_signature", "no signature matches");
        }
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(parsed.key(), "HmacSHA256"));
        mac.update(parsed.prefix().getBytes(StandardCharsets.UTF_8));
        byte[] expected = mac.doFinal(body);
        for (byte[] signature : parsed.signatures())
            if (MessageDigest.isEqual(expected, signature)) return; // constant time
        throw new VerificationException("no_matching_signature", "no signature matches");
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        Path path = args.length > 0 ? Path.of(args[0]) : findVectors();
        var file = (Map<String, Object>) new Json(Files.readString(path, StandardCharsets.UTF_8)).value();
        long tolerance = ((Number) file.get("toleranceSeconds")).longValue();
        var vectors = (List<Map<String, Object>>) file.get("vectors");
        int failures = 0;
        for (var v : vectors) {
            Map<String, Object> got = new LinkedHashMap<>(Map.of("valid", true));
            try {
                verify((String) v.get("scheme"), ((String) v.get("body")).getBytes(StandardCharsets.UTF_8),
                        (Map<String, String>) v.get("headers"), (String) v.get("secret"),
                        ((Number) v.get("now")).longValue(), tolerance);
            } catch (VerificationException e) {
                got = Map.of("valid", false, "error", e.code);
            }
            if (!got.equals(v.get("expected"))) {
                failures++;
                System.out.println("MISMATCH " + v.get("name") + ": expected " + v.get("expected") + ", got " + got);
            }
        }
        System.out.println("java: " + (vectors.size() - failures) + " passed, " + failures + " failed");
        System.exit(failures == 0 ? 0 : 1);
    }

    /** The vectors file in schemas/ of the working directory or of a directory above it. */
    static Path findVectors() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("schemas/signature-test-vectors.json");
            if (Files.exists(candidate)) return candidate;
        }
        throw new IllegalStateException("schemas/signature-test-vectors.json not found; pass its path");
    }

    /** Just enough JSON for the vectors file: objects, arrays, strings, integers, booleans, null. */
    static final class Json {
        private final String text;
        private int at;

        Json(String text) {
            this.text = text;
        }

        Object value() {
            skipSpace();
            char c = text.charAt(at);
            if (c == '{') return object();
            if (c == '[') return array();
            if (c == '"') return string();
            for (var literal : List.of("true", "false", "null"))
                if (text.startsWith(literal, at)) {
                    at += literal.length();
                    return literal.equals("null") ? null : Boolean.valueOf(literal);
                }
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
            return Long.parseLong(text.substring(start, at));
        }

        private Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            at++;
            while (skipSpace() != '}') {
                String key = string();
                skipSpace();
                at++; // ':'
                map.put(key, value());
                if (skipSpace() == ',') at++;
            }
            at++;
            return map;
        }

        private List<Object> array() {
            List<Object> list = new ArrayList<>();
            at++;
            while (skipSpace() != ']') {
                list.add(value());
                if (skipSpace() == ',') at++;
            }
            at++;
            return list;
        }

        private String string() {
            StringBuilder out = new StringBuilder();
            at++; // opening quote
            for (char c = text.charAt(at++); c != '"'; c = text.charAt(at++)) {
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char escaped = text.charAt(at++);
                switch (escaped) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> out.append(escaped); // \" \\ \/
                }
            }
            return out.toString();
        }

        private char skipSpace() {
            while (Character.isWhitespace(text.charAt(at))) at++;
            return text.charAt(at);
        }
    }
}
