// Makes RFC 4998 evidence records with Bouncy Castle's ERS classes, an implementation the archive did
// not write: an initial record over the given data, its time-stamp renewal, and the hash-tree
// renewal of that to SHA-512. Its time-stamps come from a key of its own (a self-signed TSA
// certificate made here, written out as tsa.pem) or from an RFC 3161 service at --tsa-url.
//
//   java -cp bcprov.jar:bcpkix.jar:bcutil.jar ErsRenewal.java <data file> <output folder> [--tsa-url URL]
//
// Writes initial.ers, timestamp-renewed.ers and hashtree-renewed.ers (DER) to the output folder.
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.nist.NISTObjectIdentifiers;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoGeneratorBuilder;
import org.bouncycastle.operator.DigestCalculator;
import org.bouncycastle.operator.DigestCalculatorProvider;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.bouncycastle.tsp.TSPAlgorithms;
import org.bouncycastle.tsp.TimeStampRequest;
import org.bouncycastle.tsp.TimeStampRequestGenerator;
import org.bouncycastle.tsp.TimeStampResponse;
import org.bouncycastle.tsp.TimeStampResponseGenerator;
import org.bouncycastle.tsp.TimeStampTokenGenerator;
import org.bouncycastle.tsp.ers.ERSArchiveTimeStamp;
import org.bouncycastle.tsp.ers.ERSArchiveTimeStampGenerator;
import org.bouncycastle.tsp.ers.ERSByteData;
import org.bouncycastle.tsp.ers.ERSEvidenceRecord;
import org.bouncycastle.tsp.ers.ERSEvidenceRecordGenerator;

public class ErsRenewal {
  interface Tsa {
    TimeStampResponse answer(TimeStampRequest request, Date time) throws Exception;
  }

  static final long DAY = 24L * 60 * 60 * 1000;

  public static void main(String[] args) throws Exception {
    byte[] data = Files.readAllBytes(Path.of(args[0]));
    Path out = Path.of(args[1]);
    Tsa tsa = args.length > 3 && args[2].equals("--tsa-url") ? remote(args[3]) : local(out);

    DigestCalculatorProvider digests = new JcaDigestCalculatorProviderBuilder().build();
    DigestCalculator sha256 = digests.get(new AlgorithmIdentifier(NISTObjectIdentifiers.id_sha256));
    DigestCalculator sha512 = digests.get(new AlgorithmIdentifier(NISTObjectIdentifiers.id_sha512));
    TimeStampRequestGenerator requests = new TimeStampRequestGenerator();
    requests.setCertReq(true);
    long now = System.currentTimeMillis();

    ERSArchiveTimeStampGenerator generator = new ERSArchiveTimeStampGenerator(sha256);
    generator.addData(new ERSByteData(data));
    TimeStampResponse first = tsa.answer(generator.generateTimeStampRequest(requests), new Date(now - 3 * DAY));
    ERSArchiveTimeStamp stamp = generator.generateArchiveTimeStamp(first);
    ERSEvidenceRecord initial = new ERSEvidenceRecordGenerator(digests).generate(stamp);
    Files.write(out.resolve("initial.ers"), initial.getEncoded());

    TimeStampResponse second =
        tsa.answer(initial.generateTimeStampRenewalRequest(requests), new Date(now - 2 * DAY));
    ERSEvidenceRecord renewed = initial.renewTimeStamp(second);
    Files.write(out.resolve("timestamp-renewed.ers"), renewed.getEncoded());

    TimeStampResponse third = tsa.answer(
        renewed.generateHashRenewalRequest(sha512, new ERSByteData(data), requests),
        new Date(now - DAY));
    ERSEvidenceRecord rehashed = renewed.renewHash(sha512, new ERSByteData(data), third);
    Files.write(out.resolve("hashtree-renewed.ers"), rehashed.getEncoded());
  }

  // A TSA of this program's own: an EC P-256 key and a self-signed certificate for time-stamping.
  static Tsa local(Path out) throws Exception {
    KeyPairGenerator keys = KeyPairGenerator.getInstance("EC");
    keys.initialize(new ECGenParameterSpec("secp256r1"));
    KeyPair pair = keys.generateKeyPair();
    X500Name name = new X500Name("CN=Bouncy Castle test TSA");
    long now = System.currentTimeMillis();
    JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
        name, BigInteger.valueOf(now), new Date(now - 30 * DAY), new Date(now + 365 * DAY), name,
        pair.getPublic());
    builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
    builder.addExtension(
        Extension.extendedKeyUsage, true, new ExtendedKeyUsage(KeyPurposeId.id_kp_timeStamping));
    X509Certificate cert = new JcaX509CertificateConverter().getCertificate(
        builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate())));
    String pem = "-----BEGIN CERTIFICATE-----\n"
        + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(cert.getEncoded())
        + "\n-----END CERTIFICATE-----\n";
    Files.writeString(out.resolve("tsa.pem"), pem);
    DigestCalculatorProvider digests = new JcaDigestCalculatorProviderBuilder().build();
    TimeStampTokenGenerator tokens = new TimeStampTokenGenerator(
        new JcaSimpleSignerInfoGeneratorBuilder().build("SHA256withECDSA", pair.getPrivate(), cert),
        digests.get(new AlgorithmIdentifier(NISTObjectIdentifiers.id_sha256)),
        new ASN1ObjectIdentifier("1.2.3.4.1"));
    tokens.addCertificates(new JcaCertStore(List.of(cert)));
    TimeStampResponseGenerator responses = new TimeStampResponseGenerator(tokens, TSPAlgorithms.ALLOWED);
    long[] serial = {1};
    return (request, time) -> responses.generate(request, BigInteger.valueOf(serial[0]++), time);
  }

  // An RFC 3161 service over HTTP (RFC 3161 3.4): the time is the service's own.
  static Tsa remote(String url) {
    return (request, time) -> {
      HttpURLConnection connection = (HttpURLConnection) new URL(url).openConnection();
      connection.setRequestMethod("POST");
      connection.setDoOutput(true);
      connection.setRequestProperty("Content-Type", "application/timestamp-query");
      try (OutputStream body = connection.getOutputStream()) {
        body.write(request.getEncoded());
      }
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      try (InputStream in = connection.getInputStream()) {
        in.transferTo(answer);
      }
      TimeStampResponse response = new TimeStampResponse(answer.toByteArray());
      response.validate(request);
      return response;
    };
  }
}
