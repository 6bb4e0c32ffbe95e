import os
import sys
import unittest
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import ssrf_guard  # noqa: E402
from ssrf_guard import BlockedURL, check_url  # noqa: E402


def fake_resolve(ip):
    return mock.patch.object(ssrf_guard.socket, "getaddrinfo", return_value=[(2, 1, 6, "", (ip, 80))])


class GuardTests(unittest.TestCase):
    def test_metadata_ip_blocked(self):
        with fake_resolve("169.254.169.254"), self.assertRaises(BlockedURL):
            check_url("http://169.254.169.254/latest/meta-data/")

    def test_decimal_metadata_blocked(self):
        with fake_resolve("169.254.169.254"), self.assertRaises(BlockedURL):
            check_url("http://2852039166/latest/meta-data/")

    def test_gcp_metadata_hostname_blocked(self):
        with self.assertRaises(BlockedURL):
            check_url("http://metadata.google.internal/computeMetadata/v1/")

    def test_rebinding_to_private_blocked(self):
        with fake_resolve("10.0.0.5"), self.assertRaises(BlockedURL):
            check_url("https://rebind.example.com/")

    def test_file_scheme_blocked(self):
        with self.assertRaises(BlockedURL):
            check_url("file:///etc/passwd")

    def test_public_allowed(self):
        with fake_resolve("93.184.215.14"):
            self.assertEqual(check_url("https://example.com/a")[1], "93.184.215.14")


if __name__ == "__main__":
    unittest.main()
